import { api } from '../../domain/api';
import {
  type ChargeRow,
  type ChargeRowAction,
  chargePurposeLabels,
  chargeRowActions,
  type ReceiptAction,
} from '../../domain/charges';
import { pathOf } from '../../domain/endpoint';
import { labelledEnums, optionLabelsOf, refusalOf } from '../../domain/labels';
import { money } from '../../domain/money';
import type { Header } from '../../domain/tables';
import type { ChargePurpose } from '../db/schema';
import { isoTimestamp } from '../db/timestamps';
import { type ChargeRecord, currencyOf, invoiceNumber, isInvoiceable } from './invoices';

/** Every purpose the ledger stores has the domain's label (a purpose added to the schema alone does not compile). */
export const ledgerPurposeLabels: Record<ChargePurpose, string> = chargePurposeLabels;

/** The options of the columns that hold an enum, with the domain's label of each. */
function choicesOf(key: string): Pick<Header, 'options' | 'option_labels'> {
  const labelled =
    key === 'status' ? labelledEnums.chargeStatus : key === 'purpose' ? labelledEnums.chargePurpose : undefined;
  return labelled ? { options: [...labelled.values], option_labels: optionLabelsOf(labelled) } : {};
}

/** The columns of the Charges tab, in display order. */
export const chargeHeaders: readonly Header[] = (
  [
    ['date', 'Date', 'DATETIME', true],
    ['amount', 'Amount', 'CURRENCY', true],
    ['description', 'Description', 'TEXT', true],
    ['charging_vendor', 'Vendor', 'TAG', true],
    ['status', 'Status', 'STATUS', true],
    ['failure_reason', 'Failure reason', 'TEXT', true],
    ['invoice', 'Invoice', 'TEXT', true],
    ['id', 'Charge id', 'NUMBER', false],
    ['purpose', 'Purpose', 'TAG', false],
    ['provider_ref', 'Provider reference', 'TEXT', false],
    ['quick_actions', 'Actions', 'ROW_MENU', true],
  ] as const
).map(([key, label, type, visible]) => ({
  key,
  label,
  type,
  sortable: false,
  filter: null,
  ...choicesOf(key),
  default_visible: visible,
}));

/** Why a charge has no invoice, for the disabled actions of its row (null: it has one). */
function noInvoiceReason(charge: ChargeRecord): string | null {
  if (isInvoiceable(charge)) return null;
  if (charge.kind === 'REFUND') return 'Refunds have no invoice';
  return 'This charge failed: no money moved, so there is no invoice';
}

/** Whether a row action can run, and why not: the role's permission first, then the charge's state. */
function availability(charge: ChargeRecord, mayInvoice: boolean): { disabled: boolean; message: string | null } {
  if (!mayInvoice) return { disabled: true, message: refusalOf('invoices') };
  const reason = noInvoiceReason(charge);
  return { disabled: reason !== null, message: reason };
}

/** A charge as the Charges tab's row; `version`: its current invoice version (null: none issued yet). */
export function chargeRow(charge: ChargeRecord, version: number | null, mayInvoice: boolean): ChargeRow {
  const currency = currencyOf(charge.currency);
  const state = availability(charge, mayInvoice);
  const receipt = (quickAction: ReceiptAction['quick_action']): ReceiptAction => ({
    quick_action: quickAction,
    is_disabled: state.disabled,
    disable_message: state.message,
    payload:
      quickAction === 'DOWNLOAD_INVOICE'
        ? { method: 'GET', path: pathOf(api.charges.invoiceUrl, { id: charge.id }) }
        : { method: 'POST', path: pathOf(api.charges.sendInvoice, { id: charge.id }) },
  });
  return {
    id: charge.id,
    kind: charge.kind,
    amount: money(charge.amount, currency),
    currency,
    date: isoTimestamp(charge.createdAt),
    description: charge.description,
    purpose: charge.purpose,
    charging_vendor: charge.chargingVendor,
    status: charge.status,
    failure_reason: charge.status === 'FAILED' ? charge.failureMessage : null,
    provider_ref: charge.providerRef,
    invoice: isInvoiceable(charge) ? { number: invoiceNumber(charge), version } : null,
    receipt_file_copy_url: receipt('DOWNLOAD_INVOICE'),
    send_receipt_to_customer: receipt('SEND_INVOICE_TO_CUSTOMER'),
    quick_actions: chargeRowActions.map((name: ChargeRowAction) => ({
      name,
      is_disabled: state.disabled,
      disable_message: state.message,
    })),
  };
}
