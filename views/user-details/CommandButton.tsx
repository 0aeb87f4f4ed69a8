import { availabilityOf } from '../../commands/access';
import { commandById } from '../../commands/index';
import { runCommand } from '../../commands/runner';
import type { UserTarget } from '../../commands/target';
import { useSession } from '../../src/session/store';
import { Button, type ButtonProps } from '../../src/ui/Button';

interface CommandButtonProps {
  commandId: string;
  target: UserTarget;
  prefill?: Readonly<Record<string, string>>;
  /** The button's text; the command's title by default. */
  label?: string;
  /** The button's name for assistive technology when its text alone is ambiguous in a list (e.g. which row). */
  ariaLabel?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  /** Disabled with this reason, whatever the command says (e.g. the server's per-row quick action). */
  disabledReason?: string;
}

/** A button inside a tab that starts one command on this customer; hidden when the role may not run it. */
export function CommandButton({
  commandId,
  target,
  prefill,
  label,
  ariaLabel,
  size = 'sm',
  variant,
  disabledReason,
}: CommandButtonProps) {
  const { userRole } = useSession();
  const command = commandById(commandId);
  if (!command) return null;
  const availability = availabilityOf(command, userRole, target);
  if (availability.state === 'hidden') return null;
  const reason = disabledReason ?? (availability.state === 'disabled' ? availability.reason : undefined);
  return (
    <Button
      size={size}
      variant={variant}
      disabled={reason !== undefined}
      aria-label={ariaLabel}
      title={reason ?? (command.shortcut ? `${command.title} (${command.shortcut})` : command.title)}
      onClick={() => void runCommand(command.id, { target, prefill, origin: 'button' })}
    >
      {label ?? command.title}
    </Button>
  );
}
