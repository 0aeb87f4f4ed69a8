/** A small busy indicator; `label` is read to screen readers. */
export function Spinner({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return (
    <span role="status" aria-label={label} className={`inline-block size-3.5 shrink-0 ${className}`}>
      <span className="block size-full animate-spin rounded-full border-2 border-current border-r-transparent opacity-70" />
    </span>
  );
}
