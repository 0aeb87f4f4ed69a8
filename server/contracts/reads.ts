import { and, asc, desc, eq, lte, ne, or, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { cancelAnnualPlanReasons } from '../../domain/contract-calls';
import { inputFieldsOf } from '../../domain/contract-fields';
import { contractFormOf } from '../../domain/contract-form';
import type { ContractFormParams } from '../../domain/contracts';
import { money } from '../../domain/money';
import { contractMonthlyUsage, contracts } from '../db/schema';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { findCustomer } from '../users/customer-records';
import type { CustomerRecord } from '../users/rows';
import { priceCancel, priceNewContract, priceUpgrade } from './pricing';
import {
  activeContract,
  contractFacts,
  contractTiles,
  currencyOf,
  formParamsOf,
  pastContractOf,
  requireActiveContract,
  todayUtc,
} from './records';

/** The new contract form's starting values: 1,000 edits at 0.45 with the usual AI tool prices. */
export const defaultContractTerms = {
  number_of_edits: 1000,
  price_per_edit: 0.45,
  crop: 0.02,
  straightening: 0.02,
  subject_mask: 0.05,
  smooth_skin: 0.05,
} as const;

/** The default form for a customer: their currency and (two-letter) country. */
export function defaultFormParams(customer: CustomerRecord): ContractFormParams {
  const currency = currencyOf(customer);
  const country = customer.country && /^[A-Z]{2}$/.test(customer.country) ? customer.country : 'US';
  return contractFormOf({ ...defaultContractTerms, currency, country });
}

export const getContract = handle(api.contracts.contract, async ({ db, params }) => {
  const customer = await findCustomer(db, params.user_id);
  const row = await activeContract(db, customer.id);
  return { contract: row ? await contractTiles(db, row, customer) : null };
});

export const getContractHistory = handle(api.contracts.history, async ({ db, params }) => {
  const customer = await findCustomer(db, params.user_id);
  const rows = await db
    .select()
    .from(contracts)
    .where(
      and(eq(contracts.customerId, customer.id), or(ne(contracts.state, 'ACTIVE'), lte(contracts.endDate, todayUtc()))),
    )
    .orderBy(desc(contracts.endDate), sql`${contracts.changedAt} desc nulls last`, desc(contracts.id));
  const past = [];
  for (const row of rows) {
    const used = row.state === 'ACTIVE' ? (await contractFacts(db, row.id)).photos : undefined;
    past.push(pastContractOf(row, used === undefined ? undefined : Math.min(row.numberOfEdits, used)));
  }
  return { past_contracts: past };
});

export const getMonthlyUsage = handle(api.contracts.monthlyUsage, async ({ db, params }) => {
  const customer = await findCustomer(db, params.user_id);
  const row = await activeContract(db, customer.id);
  if (!row) return { contract_id: null, months: [] };
  const currency = currencyOf(row);
  const months = await db
    .select()
    .from(contractMonthlyUsage)
    .where(eq(contractMonthlyUsage.contractId, row.id))
    .orderBy(asc(contractMonthlyUsage.startingDate));
  return {
    contract_id: row.id,
    months: months.map((month) => ({
      starting_date: month.startingDate,
      number_of_photos: month.numberOfPhotos,
      straightening: month.straightening,
      crops: month.crops,
      subject_masks: month.subjectMasks,
      skin_smooth: month.skinSmooth,
      hdr_merge: month.hdrMerge,
      perspective_correction: month.perspectiveCorrection,
      portrait_crops: month.portraitCrops,
      whiten_teeth: month.whitenTeeth,
      extra_charge: money(month.extraCharge, currency),
    })),
  };
});

/** Form params as answered: the flat fields and the spec's typed input_fields. */
function formParamsAnswer(params: ContractFormParams) {
  return { ...params, input_fields: inputFieldsOf(params) };
}

export const getDefaultFormParams = handle(api.contracts.defaultFormParams, async ({ db, params }) =>
  formParamsAnswer(defaultFormParams(await findCustomer(db, params.user_id))),
);

export const getCurrentFormParams = handle(api.contracts.currentFormParams, async ({ db, params }) => {
  const customer = await findCustomer(db, params.user_id);
  return formParamsAnswer(formParamsOf(await requireActiveContract(db, customer.id)));
});

export const getNewSummary = handle(api.contracts.newSummary, async ({ db, params, query }) => {
  const customer = await findCustomer(db, params.user_id);
  if (await activeContract(db, customer.id)) throw fail('contract_exists');
  return priceNewContract(customer, contractFormOf(query)).answer;
});

export const getUpgradeSummary = handle(api.contracts.upgradeSummary, async ({ db, params, query }) => {
  const customer = await findCustomer(db, params.user_id);
  const contract = await requireActiveContract(db, customer.id);
  return (await priceUpgrade(db, customer, contract, contractFormOf(query), todayUtc())).answer;
});

export const getCancelOptions = handle(api.contracts.cancelOptions, async () =>
  cancelAnnualPlanReasons.map(({ value, label }) => ({ value, label })),
);

export const getCancelSummary = handle(api.contracts.cancelSummary, async ({ db, params }) => {
  const customer = await findCustomer(db, params.user_id);
  const contract = await requireActiveContract(db, customer.id);
  return (await priceCancel(db, contract, todayUtc())).answer;
});
