import { useEffect, useId, useRef, useState } from 'react';
import { runCommand } from '../../commands/runner';
import { bannerFileRefusal, bannerUploadLimits, type UploadedFile } from '../../domain/marketing';
import { Button } from '../../src/ui/Button';
import { type UploadHandle, uploadBannerImage } from './upload-file';

type Slot = 'desktop' | 'mobile';

interface SlotState {
  file: File | null;
  preview: string | null;
  progress: number;
  handle: UploadHandle | null;
  uploaded: UploadedFile | null;
  error: string | null;
}

const empty: SlotState = { file: null, preview: null, progress: 0, handle: null, uploaded: null, error: null };
const megabytes = bannerUploadLimits.maxBytes / 1024 / 1024;

function UploadSlot({
  slot,
  state,
  onPick,
  onCancel,
  autoFocus,
}: {
  slot: Slot;
  state: SlotState;
  onPick: (file: File) => void;
  onCancel: () => void;
  autoFocus: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  const label = slot === 'desktop' ? 'Desktop image' : 'Mobile image';
  const uploading = state.handle !== null && !state.uploaded && !state.error;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-line bg-panel p-3">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="text-sm text-muted file:mr-3 file:rounded file:border file:border-line file:bg-hover file:px-2 file:py-1 file:text-fg"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(file);
        }}
      />
      {state.file && state.handle ? (
        <div className="flex items-center gap-2 text-xs text-muted">
          <progress
            max={1}
            value={state.progress}
            aria-label={`${label} upload progress`}
            className="h-2 flex-1 accent-accent"
          />
          <span className="tabular-nums" aria-live="polite">
            {state.uploaded
              ? `Uploaded ${state.uploaded.width}×${state.uploaded.height}`
              : state.error
                ? ''
                : `${Math.round(state.progress * 100)} %`}
          </span>
          {uploading ? (
            <Button size="sm" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      ) : null}
      {state.error ? (
        <p role="alert" className="text-xs text-danger">
          {state.file?.name}: {state.error}
        </p>
      ) : null}
      {state.preview ? (
        <div className={slot === 'desktop' ? 'aspect-[4/1] w-full' : 'aspect-[2/1] w-40'}>
          <img
            src={state.preview}
            alt={`${label} preview`}
            className="h-full w-full rounded border border-line object-cover"
          />
        </div>
      ) : null}
    </div>
  );
}

/**
 * Uploads a banner's desktop and mobile images through signed single-use URLs, with each file's progress, a preview
 * of both and a cancel; once both are stored, "Create banner" opens the command prefilled with their upload ids.
 */
export function BannerUploadPanel({ focus }: { focus: boolean }) {
  const [slots, setSlots] = useState<Record<Slot, SlotState>>({ desktop: empty, mobile: empty });
  const update = (slot: Slot, change: Partial<SlotState>) =>
    setSlots((current) => ({ ...current, [slot]: { ...current[slot], ...change } }));

  const pick = (slot: Slot, file: File) => {
    slots[slot].handle?.cancel();
    if (slots[slot].preview) URL.revokeObjectURL(slots[slot].preview);
    const refused = bannerFileRefusal(file);
    if (refused) {
      update(slot, { file, preview: null, progress: 0, handle: null, uploaded: null, error: refused });
      return;
    }
    const handle = uploadBannerImage(file, (progress) => update(slot, { progress }));
    update(slot, { file, preview: URL.createObjectURL(file), progress: 0, handle, uploaded: null, error: null });
    handle.done.then(
      (uploaded) => update(slot, { uploaded }),
      (error: unknown) => update(slot, { error: error instanceof Error ? error.message : String(error) }),
    );
  };

  const ready = slots.desktop.uploaded && slots.mobile.uploaded;
  return (
    <section aria-labelledby="banner-upload" className="flex flex-col gap-2">
      <h2 id="banner-upload" className="text-sm font-semibold text-fg">
        New banner
      </h2>
      <p className="text-xs text-muted">
        PNG, JPEG or WebP (checked by content), at most {megabytes} MB, {bannerUploadLimits.minSide}–
        {bannerUploadLimits.maxSide} px a side.
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        {(['desktop', 'mobile'] as const).map((slot) => (
          <UploadSlot
            key={slot}
            slot={slot}
            state={slots[slot]}
            autoFocus={focus && slot === 'desktop'}
            onPick={(file) => pick(slot, file)}
            onCancel={() => slots[slot].handle?.cancel()}
          />
        ))}
      </div>
      <div>
        <Button
          disabled={!ready}
          onClick={() =>
            void runCommand('banner.create', {
              origin: 'button',
              prefill: {
                photo_upload_id: slots.desktop.uploaded?.upload_id ?? '',
                mobile_photo_upload_id: slots.mobile.uploaded?.upload_id ?? '',
                banner_type: 'APP',
              },
            })
          }
        >
          Create banner…
        </Button>
      </div>
    </section>
  );
}
