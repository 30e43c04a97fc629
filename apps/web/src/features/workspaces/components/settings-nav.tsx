import { NavLink } from 'react-router';
import { cx } from '../../../components/ui/cx';

const pages = [
  { to: '/settings/workspace', label: 'Workspace' },
  { to: '/settings/api-keys', label: 'API keys' },
];

/** The tabs over the settings pages (docs/product.md, Settings · API keys): one address each. */
export function SettingsNav() {
  return (
    <nav aria-label="Settings">
      <ul className="flex gap-1 border-b border-slate-200">
        {pages.map(({ to, label }) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              className={({ isActive }) =>
                cx(
                  '-mb-px inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand',
                  isActive ? 'border-brand text-brand-strong' : 'border-transparent text-slate-600 hover:text-slate-900',
                )
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
