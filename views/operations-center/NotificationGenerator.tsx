import { useEffect, useId, useState } from 'react';
import { runCommand } from '../../commands/runner';
import { api } from '../../domain/api';
import type { BodyOf } from '../../domain/endpoint';
import {
  notificationCategories,
  notificationCategoryLabels,
  sentimentLabels,
  sentiments,
  triggerTypeLabels,
  triggerTypes,
} from '../../domain/notifications';
import { call, useCall } from '../../src/http';
import { Button } from '../../src/ui/Button';
import { controlClass } from '../../src/ui/fields/types';
import { toast } from '../../src/ui/toast-store';
import { useDebounced } from '../../src/ui/use-debounced';

interface Draft {
  title: string;
  content: string;
  /** The values the server's option calls offer (they may list more than this console's domain knows). */
  category: string;
  sentiment: string;
  trigger_type: string;
  link: string;
}

interface Option {
  value: string;
  label: string;
}

/** The domain's values with their labels: what a select offers until the server's option call answers. */
const fallback = <V extends string>(values: readonly V[], labels: Record<V, string>): Option[] =>
  values.map((value) => ({ value, label: labels[value] }));

const start: Draft = {
  title: '',
  content: '',
  category: 'NEW',
  sentiment: 'NEUTRAL',
  trigger_type: 'BROADCAST',
  link: '',
};
const control = controlClass;
const sentimentTone: Record<string, string> = {
  NEUTRAL: 'border-line',
  POSITIVE: 'border-success',
  URGENT: 'border-danger',
};

/**
 * The notification generator: the fields, a live preview of the notification as the app shows it, the
 * customer-messaging JSON (from `notifications/generate`) with the webhook settings and a copy button, and "Send to a
 * segment…" which opens the send command prefilled with this draft. Once the send created a notification (one not in
 * `existing` when the button was pressed), the draft is cleared, so that it cannot be sent twice by mistake, and
 * `onSent` names the new one for the list to highlight.
 */
export function NotificationGenerator({
  existing = [],
  onSent,
}: {
  existing?: readonly number[];
  onSent?: (id: number) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(start);
  const [output, setOutput] = useState<{ json: string; post: string | null; headers: Record<string, string> } | null>(
    null,
  );
  const debounced = useDebounced(draft, 300);
  // Each select lists what the server's option call answers (another server may offer more), the domain's until then.
  const categories =
    useCall(api.notifications.categoryOptions, {}).data?.options ??
    fallback(notificationCategories, notificationCategoryLabels);
  const sentimentOptions =
    useCall(api.notifications.sentimentOptions, {}).data?.options ?? fallback(sentiments, sentimentLabels);
  const triggers =
    useCall(api.notifications.triggerOptions, {}).data?.options ?? fallback(triggerTypes, triggerTypeLabels);
  useEffect(() => {
    if (!debounced.title.trim() || !debounced.content.trim()) {
      setOutput(null);
      return;
    }
    const controller = new AbortController();
    call(
      api.notifications.generate,
      { body: { ...debounced, link: debounced.link.trim() || null } as BodyOf<typeof api.notifications.generate> },
      { signal: controller.signal },
    ).then(
      (answer) =>
        setOutput({
          json: JSON.stringify(answer.data, null, 2),
          post: answer.webhook_settings.post,
          headers: answer.webhook_settings.headers,
        }),
      () => setOutput(null),
    );
    return () => controller.abort();
  }, [debounced]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const select = (key: 'category' | 'sentiment' | 'trigger_type', label: string, options: readonly Option[]) => (
    <label className="flex flex-col gap-1 text-xs text-muted" htmlFor={`${id}-${key}`}>
      {label}
      <select id={`${id}-${key}`} className={control} value={draft[key]} onChange={(e) => set(key, e.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <section aria-labelledby="notification-generator" className="grid gap-4 lg:grid-cols-2">
      <div className="flex flex-col gap-2">
        <h2 id="notification-generator" className="text-sm font-semibold text-fg">
          Compose
        </h2>
        <label className="flex flex-col gap-1 text-xs text-muted" htmlFor={`${id}-title`}>
          Title
          <input
            id={`${id}-title`}
            className={control}
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-muted" htmlFor={`${id}-content`}>
          Text
          <textarea
            id={`${id}-content`}
            rows={3}
            className={control}
            value={draft.content}
            onChange={(e) => set('content', e.target.value)}
          />
        </label>
        <div className="grid grid-cols-3 gap-2">
          {select('category', 'Category', categories)}
          {select('sentiment', 'Sentiment', sentimentOptions)}
          {select('trigger_type', 'Trigger', triggers)}
        </div>
        <label className="flex flex-col gap-1 text-xs text-muted" htmlFor={`${id}-link`}>
          Link (optional)
          <input
            id={`${id}-link`}
            className={control}
            value={draft.link}
            onChange={(e) => set('link', e.target.value)}
          />
        </label>
        <div>
          <Button
            disabled={!draft.title.trim() || !draft.content.trim()}
            onClick={() => {
              const known = new Set(existing);
              void runCommand('notification.send', {
                origin: 'button',
                prefill: { ...draft, segment_status: 'ACTIVE' },
                // Closed, sent or not: a notification that was not there before means it was sent.
                onClose: () => {
                  void call(api.notifications.list, {}).then(
                    ({ notifications }) => {
                      const sent = notifications.find((row) => !known.has(row.id));
                      if (!sent) return;
                      setDraft(start);
                      onSent?.(sent.id);
                    },
                    () => undefined,
                  );
                },
              });
            }}
          >
            Send to a segment…
          </Button>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold text-fg">Preview</h2>
        <div
          aria-label="Notification preview"
          role="img"
          className={`flex max-w-sm flex-col gap-1 rounded-lg border-l-4 bg-raised p-3 shadow ${sentimentTone[draft.sentiment] ?? 'border-line'}`}
        >
          <span className="text-xs uppercase tracking-wide text-muted">
            {categories.find((option) => option.value === draft.category)?.label ?? draft.category}
          </span>
          <span className="font-semibold text-fg">{draft.title || 'Title'}</span>
          <span className="text-sm text-fg">{draft.content || 'The text customers read.'}</span>
          {draft.link ? <span className="text-xs text-accent">Open ›</span> : null}
        </div>
        <div className="flex items-center justify-between">
          <h2 className="text-sm font-semibold text-fg">Customer-messaging JSON</h2>
          <Button
            size="sm"
            disabled={!output}
            onClick={() => {
              if (!output) return;
              void navigator.clipboard.writeText(output.json).then(
                () => toast({ title: 'JSON copied' }),
                () => toast({ title: 'Could not copy', type: 'negative' }),
              );
            }}
          >
            Copy JSON
          </Button>
        </div>
        <pre className="max-h-64 overflow-auto rounded border border-line bg-panel p-2 text-xs text-fg">
          {output?.json ?? 'Fill in a title and a text.'}
        </pre>
        <p className="text-xs text-muted">
          Webhook: {output?.post ? `POST ${output.post}` : 'none configured'}
          {output
            ? ` · headers ${Object.entries(output.headers)
                .map(([k, v]) => `${k}: ${v}`)
                .join(', ')}`
            : ''}
        </p>
      </div>
    </section>
  );
}
