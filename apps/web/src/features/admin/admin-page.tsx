import type { AdminWorkspace, PlanId, PlanRequest } from '@postflow/contract';
import { planById, plans } from '@postflow/contract/client';
import { Alert } from '../../components/ui/alert';
import { EmptyState } from '../../components/ui/empty-state';
import { PageStatus } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/date-time';
import { useAdminWorkspaces, usePlanRequests, useSetPlan } from './api/use-admin';

const planLabel = (plan: PlanId) => planById(plan).name;

const cell = 'px-3 py-2 text-left align-middle';
const headCell = `${cell} text-xs font-semibold tracking-wide text-slate-600 uppercase`;

/**
 * docs/product.md, Plans · The operator (/admin): every workspace with its plan, which the operator
 * changes here, and the plans people chose on the pricing page. For anyone not in ADMIN_EMAILS the
 * server answers 404, and so does this page.
 */
export function AdminPage() {
  const workspaces = useAdminWorkspaces();
  const requests = usePlanRequests();

  if (workspaces.isPending) return <PageStatus>Loading workspaces…</PageStatus>;
  if (workspaces.isError) {
    if (isApiError(workspaces.error) && workspaces.error.status === 404) {
      return (
        <div className="p-6">
          <EmptyState title="This page does not exist" action={{ label: 'Go to the dashboard', to: '/dashboard' }}>
            There is nothing at this address.
          </EmptyState>
        </div>
      );
    }
    return (
      <div className="p-6">
        <Alert variant="error">{workspaces.error.message}</Alert>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 p-4 sm:p-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Instance admin</h1>
        <p className="mt-1 text-slate-600">
          Plans are set per workspace. A person&apos;s personal workspace carries their email; changing a plan marks that workspace&apos;s
          plan requests handled.
        </p>
      </header>
      <PlanRequestsSection requests={requests.data?.requests} error={requests.error?.message} />
      <WorkspacesSection workspaces={workspaces.data.workspaces} />
    </div>
  );
}

function PlanRequestsSection({ requests, error }: { requests: PlanRequest[] | undefined; error: string | undefined }) {
  return (
    <section aria-labelledby="plan-requests-title" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="plan-requests-title" className="text-lg font-semibold text-slate-900">
        Plan requests
      </h2>
      {error && <Alert variant="error">{error}</Alert>}
      {requests && requests.length === 0 && <p className="mt-2 text-slate-600">No one has chosen a plan on the pricing page yet.</p>}
      {requests && requests.length > 0 && (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={headCell}>Who</th>
                <th className={headCell}>Workspace</th>
                <th className={headCell}>Asked for</th>
                <th className={headCell}>Plan now</th>
                <th className={headCell}>Asked</th>
                <th className={headCell}>Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {requests.map((request) => (
                <tr key={request.id}>
                  <td className={cell}>{request.email ?? 'Someone without an email'}</td>
                  <td className={cell}>{request.workspaceName}</td>
                  <td className={cell}>{planLabel(request.plan)}</td>
                  <td className={cell}>{planLabel(request.currentPlan)}</td>
                  <td className={cell}>{formatDateTime(request.createdAt)}</td>
                  <td className={cell}>{request.handledAt ? `Handled ${formatDateTime(request.handledAt)}` : 'Open'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function WorkspacesSection({ workspaces }: { workspaces: AdminWorkspace[] }) {
  const setPlan = useSetPlan();
  const toast = useToast();

  function change(workspace: AdminWorkspace, plan: PlanId) {
    setPlan.mutate(
      { workspaceId: workspace.id, plan },
      {
        onSuccess: () =>
          toast({ variant: 'success', title: 'Plan changed', message: `${describe(workspace)} is now on ${planLabel(plan)}.` }),
        onError: (error) => toast({ variant: 'error', title: 'The plan was not changed', message: error.message }),
      },
    );
  }

  return (
    <section aria-labelledby="workspaces-title" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="workspaces-title" className="text-lg font-semibold text-slate-900">
        Workspaces
      </h2>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th className={headCell}>Name</th>
              <th className={headCell}>Owner</th>
              <th className={headCell}>Plan</th>
              <th className={headCell}>Members</th>
              <th className={headCell}>Accounts</th>
              <th className={headCell}>Posts this month</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {workspaces.map((workspace) => (
              <tr key={workspace.id}>
                <td className={cell}>
                  {workspace.name}
                  {workspace.personal && <span className="ml-2 text-xs text-slate-500">personal</span>}
                </td>
                <td className={cell}>{workspace.ownerEmail ?? '—'}</td>
                <td className={cell}>
                  <select
                    aria-label={`Plan of ${describe(workspace)}`}
                    value={workspace.plan}
                    disabled={setPlan.isPending}
                    onChange={(event) => change(workspace, event.target.value as PlanId)}
                    className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm"
                  >
                    {plans.map((plan) => (
                      <option key={plan.id} value={plan.id}>
                        {plan.name}
                      </option>
                    ))}
                  </select>
                </td>
                <td className={cell}>{workspace.members}</td>
                <td className={cell}>{workspace.accounts}</td>
                <td className={cell}>{workspace.postsThisMonth}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** "Personal (ada@example.com)" for a personal workspace, whose name alone says little; a shared one by its name. */
function describe(workspace: AdminWorkspace): string {
  return workspace.personal && workspace.ownerEmail ? `${workspace.name} (${workspace.ownerEmail})` : workspace.name;
}
