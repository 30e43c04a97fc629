import { DEFAULT_PRODUCT_NAME, type PlanId } from '@postflow/contract';
import type { Queryable } from '../../db/client';
import { planAllowsWhiteLabel } from '../plans/white-label';

/** The name a mail about a workspace goes out under: the workspace's white-label name, or Postflow. */
export interface MailBrand {
  productName: string;
  /** True when the name is the workspace's own, not Postflow's. */
  whiteLabel: boolean;
}

const POSTFLOW: MailBrand = { productName: DEFAULT_PRODUCT_NAME, whiteLabel: false };

/**
 * The brand of mails sent to a workspace's members about that workspace (publish failures,
 * approvals, invitations): its product name while its plan includes white-label
 * (docs/decisions/133-white-label.md).
 */
export async function workspaceMailBrand(db: Queryable, workspaceId: string): Promise<MailBrand> {
  const { rows } = await db.query<{ plan: PlanId; productName: string | null }>(
    `SELECT w.plan, b.product_name AS "productName"
     FROM workspaces w LEFT JOIN workspace_branding b ON b.workspace_id = w.id WHERE w.id = $1`,
    [workspaceId],
  );
  const found = rows[0];
  if (!found?.productName || !planAllowsWhiteLabel(found.plan)) return POSTFLOW;
  return { productName: found.productName, whiteLabel: true };
}

/** Puts a white-label name before the subject; Postflow's own mails keep their subjects. */
export function brandedSubject(brand: MailBrand, subject: string): string {
  return brand.whiteLabel ? `${brand.productName}: ${subject}` : subject;
}

/** The closing lines every branded mail ends with. */
export function brandSignature(brand: MailBrand): string[] {
  return ['', `— ${brand.productName}`];
}
