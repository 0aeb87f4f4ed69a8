import type { ReactNode } from 'react';
import { formatMoney, isMoney } from '../../../domain/money-format';
import type { Header } from '../../../domain/tables';
import { formatDate, formatDateTime } from '../dates';
import { formatId, isIdColumn } from '../ids';
import { formatNumber, optionLabel, parseProgress } from './format';

const statusTones: Record<string, string> = {
  success: 'bg-success-soft text-success',
  danger: 'bg-danger-soft text-danger',
  warning: 'bg-warning-soft text-warning',
  neutral: 'bg-raised text-muted',
};

function toneOf(value: string): string {
  const upper = value.toUpperCase();
  if (/ACTIVE|SUCCE|PAID|DONE|COMPLETE|APPROVED|LIVE|OK|DELIVERED|\bSENT\b/.test(upper) && !/INACTIVE/.test(upper))
    return 'success';
  if (/SUSPEND|FAIL|ERROR|BLOCK|DECLIN|REJECT|CANCEL|INACTIVE|DELETED|REFUND/.test(upper)) return 'danger';
  if (/PENDING|TRIAL|WAIT|PROGRESS|PROCESS|REVIEW|DRAFT/.test(upper)) return 'warning';
  return 'neutral';
}

const empty = <span className="text-faint">—</span>;

function progressCell(value: string): ReactNode {
  const progress = parseProgress(value);
  if (!progress) return value;
  const share = progress.max > 0 ? Math.min(1, progress.used / progress.max) : 0;
  return (
    <span className="flex h-7 w-full items-center gap-2" title={`${progress.used} of ${progress.max}`}>
      <span
        className="h-1.5 min-w-10 flex-1 overflow-hidden rounded-full bg-raised"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={progress.max}
        aria-valuenow={progress.used}
        aria-label={`${progress.used} of ${progress.max}`}
      >
        <span
          className={`block h-full rounded-full ${share >= 1 ? 'bg-warning' : 'bg-accent'}`}
          style={{ width: `${share * 100}%` }}
        />
      </span>
      <span className="shrink-0 text-xs text-muted tabular-nums">
        {progress.used}/{progress.max}
      </span>
    </span>
  );
}

function linkCell(value: unknown): ReactNode {
  const link =
    typeof value === 'string'
      ? { url: value, label: value.replace(/^https?:\/\//, '') }
      : (value as { url?: unknown; link?: unknown; label?: unknown } | null);
  const url = typeof link?.url === 'string' ? link.url : typeof link?.link === 'string' ? link.link : undefined;
  if (!url || !/^https?:\/\//.test(url)) return typeof value === 'string' ? value : empty;
  const label = typeof link?.label === 'string' ? link.label : url;
  return (
    <a href={url} target="_blank" rel="noreferrer" tabIndex={-1} className="text-accent hover:underline">
      {label}
    </a>
  );
}

/** One cell's content by the column's type; `null`/missing shows a dash. ROW_MENU is the table's own. */
export function renderCell(header: Header, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return empty;
  switch (header.type) {
    case 'NUMBER':
      if (isIdColumn(header.key)) return formatId(String(value));
      return typeof value === 'number' ? formatNumber(value) : String(value);
    case 'DATE':
      return formatDate(String(value));
    case 'DATETIME':
      return formatDateTime(String(value));
    case 'CURRENCY': {
      return isMoney(value) ? formatMoney(value) : String(value);
    }
    case 'TAG':
      return (
        <span className="rounded border border-line bg-raised px-1.5 py-px text-xs text-fg">
          {optionLabel(String(value), header.option_labels)}
        </span>
      );
    case 'STATUS':
      return (
        <span
          className={`inline-flex rounded px-1.5 py-px text-[11px] leading-4 font-medium ${statusTones[toneOf(String(value))]}`}
        >
          {optionLabel(String(value), header.option_labels)}
        </span>
      );
    case 'PROGRESS':
      return progressCell(String(value));
    case 'LINK':
      return linkCell(value);
    case 'BOOLEAN_CHECK':
      return value === true || value === 'true' ? (
        <span className="text-success" role="img" aria-label="Yes">
          ✓
        </span>
      ) : (
        <span className="text-faint" role="img" aria-label="No">
          –
        </span>
      );
    case 'ROW_MENU':
      return null;
    default:
      if (typeof value === 'object') return JSON.stringify(value);
      // A text column may name its codes in words (the audit trail's call ids): shown so, filtered as typed.
      return header.option_labels?.[String(value)] ?? String(value);
  }
}

/** Numbers and money read right-aligned. */
export function alignOf(header: Header): string {
  return header.type === 'NUMBER' || header.type === 'CURRENCY' ? 'justify-end text-right tabular-nums' : '';
}
