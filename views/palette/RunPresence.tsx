import { PresenceLine } from '../../src/live/PresenceLine';

/**
 * Records without a page of their own, which staff open as a command's form in the palette (a partner is edited,
 * deleted and given activities there): the param that names one, and its kind on the live stream.
 */
const recordParams = { partner_id: 'partner' } as const;

/** The id a form value names: `12`, `#12`, or a chooser's text ending in `#12`. */
function idIn(value: unknown): string | undefined {
  return /(?:^|#)\s*(\d{1,15})\s*$/.exec(String(value ?? ''))?.[1];
}

/**
 * Who else has the same record open in their palette (issue 22, presence on a partner): while this form is open the
 * tab watches the record, so its beats say this person is on it, "in Edit partner", and the line shows the others.
 */
export function RunPresence({ values }: { values: Readonly<Record<string, unknown>> }) {
  const records = Object.entries(recordParams).flatMap(([param, kind]) => {
    const id = idIn(values[param]);
    return id ? [`${kind}:${id}`] : [];
  });
  return (
    <>
      {records.map((record) => (
        <div key={record} className="px-3 pt-2">
          <PresenceLine record={record} />
        </div>
      ))}
    </>
  );
}
