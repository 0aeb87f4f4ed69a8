import { useState } from 'react';
import { roleLabels } from '../../domain/roles';
import { signOut } from '../../src/session/sign-out';
import { useSession } from '../../src/session/store';
import { Spinner } from '../../src/ui/Spinner';
import { ThemeToggle } from '../../src/ui/ThemeToggle';

/** Who is signed in and in which role, with the theme toggle and the logout button. */
export function SignedInPerson() {
  const { userFirstName, userLastName, userRole } = useSession();
  const [leaving, setLeaving] = useState(false);
  const name = `${userFirstName} ${userLastName}`.trim() || 'Signed in';
  const initials = `${userFirstName.charAt(0)}${userLastName.charAt(0)}`.toUpperCase() || '·';
  const role = userRole ? roleLabels[userRole] : '';
  return (
    <div className="flex items-center gap-1.5">
      <span
        aria-hidden="true"
        title={`${name} · ${role}`}
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-soft text-[10px] font-semibold text-accent"
      >
        {initials}
      </span>
      <div className="hidden min-w-0 flex-1 md:block">
        <p className="truncate text-xs font-medium text-fg">{name}</p>
        <p className="truncate text-[11px] text-muted">{role}</p>
      </div>
      <ThemeToggle />
      <button
        type="button"
        title="Log out"
        aria-label="Log out"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void signOut();
        }}
        className="inline-flex size-7 cursor-pointer items-center justify-center rounded-md text-muted hover:bg-hover hover:text-fg disabled:cursor-wait"
      >
        {leaving ? (
          <Spinner label="Logging out" />
        ) : (
          <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true" fill="none" stroke="currentColor">
            <path d="M6 2.5H3.5a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1H6" strokeWidth="1.4" strokeLinecap="round" />
            <path d="M10.5 5 13.5 8l-3 3M13.5 8H6.5" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        )}
      </button>
    </div>
  );
}
