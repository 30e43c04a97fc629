import { useState } from 'react';
import { cx } from '../../components/ui/cx';
import { Wordmark } from '../../components/ui/wordmark';
import { useWorkspace } from '../../lib/workspace';

/**
 * The product as the current workspace shows it: its white-label logo and name when it has them
 * (docs/product.md, Workspaces · Shell and white-label), else Postflow's wordmark.
 */
export function BrandMark({ className }: { className?: string }) {
  const { workspace } = useWorkspace();
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const branding = workspace.branding;
  if (!branding?.productName && !branding?.logoUrl) return <Wordmark className={className} />;
  const logo = branding.logoUrl && branding.logoUrl !== failedLogo ? branding.logoUrl : null;
  return (
    <span className={cx('flex min-w-0 items-center gap-2 text-xl font-extrabold tracking-tight text-slate-900', className)}>
      {logo && (
        <img
          src={logo}
          alt={branding.productName ? '' : 'Logo'}
          className="size-8 shrink-0 rounded object-contain"
          onError={() => setFailedLogo(logo)}
        />
      )}
      {branding.productName && <span className="truncate">{branding.productName}</span>}
    </span>
  );
}

/** The CSS variables that recolour the brand utilities (`bg-brand`, …) with the workspace's accent. */
export function accentStyle(accent: string | null | undefined): Record<string, string> | undefined {
  if (!accent) return undefined;
  return {
    '--color-brand': accent,
    '--color-brand-strong': `color-mix(in srgb, ${accent} 85%, black)`,
    '--color-brand-soft': `color-mix(in srgb, ${accent} 8%, white)`,
  };
}
