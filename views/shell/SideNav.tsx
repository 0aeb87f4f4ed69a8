import { Link, useLocation } from 'wouter';
import { areaHref, areasFor } from '../../src/navigation';
import { useSession } from '../../src/session/store';

/** The areas this role may open, the current one marked. */
export function SideNav() {
  const [location] = useLocation();
  const { userRole } = useSession();
  return (
    <nav aria-label="Areas" className="flex gap-0.5 overflow-x-auto md:flex-col md:overflow-visible">
      {areasFor(userRole).map((area) => {
        const active = location === area.path || location.startsWith(`${area.path}/`);
        return (
          <Link
            key={area.id}
            href={areaHref(area, userRole)}
            aria-current={active ? 'page' : undefined}
            className={`flex h-7 shrink-0 items-center rounded-md px-2 text-sm whitespace-nowrap transition-colors ${
              active ? 'bg-accent-soft font-medium text-fg' : 'text-muted hover:bg-hover hover:text-fg'
            }`}
          >
            {area.title}
          </Link>
        );
      })}
    </nav>
  );
}
