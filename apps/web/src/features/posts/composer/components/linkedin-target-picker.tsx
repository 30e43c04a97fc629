import type { LinkedInOrganizations } from '@postflow/contract';
import { useId } from 'react';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { formatCount } from '../counters';
import { plural } from '../../../../lib/text';

export const PERSONAL_TARGET = 'personal';
export const ORGANIZATIONS_FAILED_MESSAGE = 'Failed to load LinkedIn organizations';
export const NO_ORGANIZATIONS_MESSAGE =
  'No organizations found. You need admin access to LinkedIn company pages to post as an organization.';

/** The target actually in force: an organization that is no longer in the list falls back to the personal profile. */
export function effectiveTarget(target: string, organizations: LinkedInOrganizations | undefined): string {
  if (target === PERSONAL_TARGET || !organizations) return target;
  return organizations.organizations.some((organization) => organization.id === target) ? target : PERSONAL_TARGET;
}

export interface LinkedInTargetPickerProps {
  organizations: LinkedInOrganizations | undefined;
  loading: boolean;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
  /** 'personal' or an organization id. */
  value: string;
  onChange: (value: string) => void;
}

/** docs/product.md, Composer · Content: post to LinkedIn as the member ('personal') or as a page they administer. */
export function LinkedInTargetPicker({ organizations, loading, failed, retrying, onRetry, value, onChange }: LinkedInTargetPickerProps) {
  const name = useId();
  const current = effectiveTarget(value, organizations);

  return (
    <fieldset className="flex flex-col gap-2 rounded-lg p-3 ring-1 ring-slate-200 ring-inset">
      <legend className="px-1 text-sm font-medium text-slate-800">Post to LinkedIn as</legend>
      {loading && <Spinner size="sm" label="Loading LinkedIn pages..." />}
      {failed && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
          <span>{ORGANIZATIONS_FAILED_MESSAGE}</span>
          <Button variant="secondary" size="sm" onClick={onRetry} busy={retrying}>
            Try again
          </Button>
        </div>
      )}
      {!loading && (
        <TargetOption
          name={name}
          value={PERSONAL_TARGET}
          checked={current === PERSONAL_TARGET}
          onChange={onChange}
          title={organizations?.personal.name ?? 'Your profile'}
          detail="Personal profile"
        />
      )}
      {organizations?.organizations.map((organization) => (
        <TargetOption
          key={organization.id}
          name={name}
          value={organization.id}
          checked={current === organization.id}
          onChange={onChange}
          title={organization.name}
          detail={
            organization.followerCount === null
              ? 'Company page'
              : `${formatCount(organization.followerCount)} ${plural(organization.followerCount, 'follower')}`
          }
        />
      ))}
      {organizations && organizations.organizations.length === 0 && <p className="text-sm text-slate-600">{NO_ORGANIZATIONS_MESSAGE}</p>}
    </fieldset>
  );
}

function TargetOption({
  name,
  value,
  checked,
  onChange,
  title,
  detail,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  title: string;
  detail: string;
}) {
  const titleId = useId();
  const detailId = useId();
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-md p-2 hover:bg-slate-50">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-labelledby={titleId}
        aria-describedby={detailId}
        className="size-4 shrink-0 accent-brand"
      />
      <span className="flex min-w-0 flex-col">
        <span id={titleId} className="truncate text-sm font-medium text-slate-900">
          {title}
        </span>
        <span id={detailId} className="text-xs text-slate-500">
          {detail}
        </span>
      </span>
    </label>
  );
}
