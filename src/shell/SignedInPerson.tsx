import { useState } from 'react';
import { roleLabels } from '../../domain/roles';
import { useSession } from '../session/store';
import { Button } from '../ui/Button';
import { ThemeToggle } from '../ui/ThemeToggle';
import { signOut } from './sign-out';

/** Who is signed in and in which role, with the theme toggle and the logout button. */
export function SignedInPerson() {
  const { userFirstName, userLastName, userRole } = useSession();
  const [leaving, setLeaving] = useState(false);
  const name = `${userFirstName} ${userLastName}`.trim() || 'Signed in';
  const initials = `${userFirstName.charAt(0)}${userLastName.charAt(0)}`.toUpperCase() || '·';
  return (
    <div className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-soft text-[10px] font-semibold text-accent"
      >
        {initials}
      </span>
      <div className="hidden min-w-0 flex-1 sm:block">
        <p className="truncate text-xs font-medium text-fg">{name}</p>
        <p className="truncate text-[11px] text-muted">{userRole ? roleLabels[userRole] : ''}</p>
      </div>
      <ThemeToggle />
      <Button
        variant="ghost"
        size="sm"
        busy={leaving}
        onClick={() => {
          setLeaving(true);
          void signOut();
        }}
      >
        Log out
      </Button>
    </div>
  );
}
