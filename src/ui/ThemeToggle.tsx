import { toggleTheme, useTheme } from './theme';

/** Switches between the dark (default) and light themes; the choice is remembered. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={toggleTheme}
      title={`Switch to the ${next} theme`}
      aria-label={`Switch to the ${next} theme`}
      className={`inline-flex size-7 cursor-pointer items-center justify-center rounded-md text-muted hover:bg-hover hover:text-fg ${className}`}
    >
      <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true" fill="currentColor">
        {theme === 'dark' ? (
          <path d="M6.2 1.5a6.5 6.5 0 1 0 8.3 8.3A5.5 5.5 0 0 1 6.2 1.5Z" />
        ) : (
          <>
            <circle cx="8" cy="8" r="3.2" />
            <path
              d="M8 .8v2M8 13.2v2M.8 8h2M13.2 8h2M2.9 2.9l1.4 1.4M11.7 11.7l1.4 1.4M2.9 13.1l1.4-1.4M11.7 4.3l1.4-1.4"
              stroke="currentColor"
              strokeWidth="1.4"
              strokeLinecap="round"
            />
          </>
        )}
      </svg>
    </button>
  );
}
