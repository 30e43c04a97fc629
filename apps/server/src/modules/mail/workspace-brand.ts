import { DEFAULT_PRODUCT_NAME } from '@postflow/contract';
import type { Queryable } from '../../db/client';

/** The name a mail about a workspace goes out under: the workspace's white-label name, or Postflow. */
export interface MailBrand {
  productName: string;
  /** True when the name is the workspace's own, not Postflow's. */
  whiteLabel: boolean;
}

const POSTFLOW: MailBrand = { productName: DEFAULT_PRODUCT_NAME, whiteLabel: false };

/**
 * The brand of mails sent to a workspace's members about that workspace (publish failures,
 * approvals, invitations): its product name once set, which its plan allowed
 * (docs/decisions/133-white-label.md).
 */
export async function workspaceMailBrand(db: Queryable, workspaceId: string): Promise<MailBrand> {
  const { rows } = await db.query<{ productName: string | null }>(
    `SELECT product_name AS "productName" FROM workspace_branding WHERE workspace_id = $1`,
    [workspaceId],
  );
  const found = rows[0];
  if (!found?.productName) return POSTFLOW;
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
