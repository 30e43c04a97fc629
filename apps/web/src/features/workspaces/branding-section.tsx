import { accentColorProblem, DEFAULT_PRODUCT_NAME, PRODUCT_NAME_MAX_LENGTH } from '@postflow/contract/client';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { TextField } from '../../components/ui/text-field';
import { isApiError } from '../../lib/api-client';
import { useWorkspace } from '../../lib/workspace';
import { useUpdateBranding } from './api/use-workspace-actions';
import { SettingsSection } from './components/settings-section';

type Fields = Record<'productName' | 'logoUrl' | 'accentColor', string>;

/**
 * White-label (docs/product.md, Workspaces · Shell and white-label): the product name, logo and accent
 * colour this workspace's members see, for owners and admins. The server says when the plan does not
 * include it.
 */
export function BrandingSection() {
  const { workspace, can } = useWorkspace();
  const update = useUpdateBranding();
  const toast = useToast();
  const [fields, setFields] = useState<Fields>({
    productName: workspace.branding?.productName ?? '',
    logoUrl: workspace.branding?.logoUrl ?? '',
    accentColor: workspace.branding?.accentColor ?? '',
  });
  const [problems, setProblems] = useState<Partial<Fields>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!can('admin')) return null;

  const field = (name: keyof Fields) => ({
    value: fields[name],
    error: problems[name],
    onChange: (event: { target: { value: string } }) => {
      setFields((current) => ({ ...current, [name]: event.target.value }));
      setProblems((current) => ({ ...current, [name]: undefined }));
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const accent = fields.accentColor.trim();
    const accentProblem = accent === '' ? null : accentColorProblem(accent);
    if (accentProblem) {
      setProblems({ accentColor: accentProblem });
      return;
    }
    const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
    update.mutate(
      { productName: orNull(fields.productName), logoUrl: orNull(fields.logoUrl), accentColor: orNull(accent) },
      {
        onSuccess: () => toast({ variant: 'success', title: 'Branding saved', message: 'Members of this workspace see it now.' }),
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fields).length > 0) setProblems(error.fields);
          else setRefusal(isApiError(error) ? error.message : 'Could not save the branding.');
        },
      },
    );
  }

  const preview = accentColorProblem(fields.accentColor.trim()) === null ? fields.accentColor.trim() : null;
  return (
    <SettingsSection
      title="Branding"
      description={`Show your own product name, logo and colour instead of ${DEFAULT_PRODUCT_NAME}'s, in the app and in the mails members receive about this workspace (white-label, on the Agency plan).`}
    >
      {refusal && <Alert variant="warning">{refusal}</Alert>}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Product name"
          maxLength={PRODUCT_NAME_MAX_LENGTH}
          hint={`Leave empty to show ${DEFAULT_PRODUCT_NAME}`}
          {...field('productName')}
        />
        <TextField label="Logo address" type="url" inputMode="url" hint="An https:// address of a square image" {...field('logoUrl')} />
        <div className="flex items-end gap-3">
          <TextField label="Accent colour" className="flex-1" hint="#rrggbb, dark enough for white text" {...field('accentColor')} />
          <span
            aria-hidden="true"
            className="mb-1 inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium text-white ring-1 ring-slate-200"
            style={{ backgroundColor: preview ?? '#2563eb' }}
          >
            Aa
          </span>
        </div>
        <div>
          <Button type="submit" busy={update.isPending}>
            Save branding
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
