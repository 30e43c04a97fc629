import { hashString } from '../random';
import { escapeHtml } from '../consent/html';

// Offline stand-ins for profile pictures, page logos and uploaded media, so the web app never hits the internet.

function initialsOf(name: string): string {
  return (
    name
      .replace(/[^\p{L}\p{N} ]/gu, ' ')
      .split(' ')
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

export function avatarSvg(name: string): string {
  const hue = hashString(name) % 360;
  const initials = initialsOf(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeHtml(name)}"><rect width="96" height="96" rx="48" fill="hsl(${hue} 55% 45%)"/><text x="48" y="58" font-family="sans-serif" font-size="34" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text></svg>`;
}

/** A page's logo: its initials on a rounded square, as company logos are drawn, in a colour of its own. */
export function logoSvg(name: string): string {
  const hue = (hashString(name) + 137) % 360;
  const initials = initialsOf(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeHtml(name)} logo"><rect width="96" height="96" rx="16" fill="hsl(${hue} 60% 35%)"/><text x="48" y="60" font-family="sans-serif" font-weight="bold" font-size="36" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text></svg>`;
}

export function placeholderSvg(label: string): string {
  const hue = hashString(label) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675" role="img" aria-label="Sandbox media ${escapeHtml(label)}"><rect width="1200" height="675" fill="hsl(${hue} 40% 85%)"/><text x="600" y="350" font-family="sans-serif" font-size="40" fill="#333" text-anchor="middle">Sandbox media ${escapeHtml(label)}</text></svg>`;
}
