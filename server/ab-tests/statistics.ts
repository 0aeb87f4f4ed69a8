/** Two-proportion z-test (pooled), two-sided: is variant B's rate different from control A's? */
export interface ProportionTest {
  z: number;
  p: number;
}

/** erf by Abramowitz & Stegun 7.1.26 (absolute error below 1.5e-7). */
function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return sign * y;
}

/** The standard normal distribution function. */
export function normalCdf(x: number): number {
  return 0.5 * (1 + erf(x / Math.SQRT2));
}

/**
 * z = (p_B − p_A) / √(p̂(1 − p̂)(1/n_A + 1/n_B)) with the pooled p̂; p = 2(1 − Φ(|z|)). Null when a side has no
 * observation or the pooled rate is 0 or 1 (no variance: nothing to tell apart).
 */
export function twoProportionTest(
  conversionsA: number,
  usersA: number,
  conversionsB: number,
  usersB: number,
): ProportionTest | null {
  if (usersA === 0 || usersB === 0) return null;
  const pooled = (conversionsA + conversionsB) / (usersA + usersB);
  if (pooled === 0 || pooled === 1) return null;
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / usersA + 1 / usersB));
  const z = (conversionsB / usersB - conversionsA / usersA) / standardError;
  return { z, p: Math.min(1, 2 * (1 - normalCdf(Math.abs(z)))) };
}
