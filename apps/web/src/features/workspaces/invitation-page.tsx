import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { PageStatus } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { useAuth } from '../../lib/auth';
import { useAcceptInvitation, useInvitation } from './api/use-invitation';
import { messageOf } from './error-message';
import { storeWorkspaceId } from '../../lib/workspace-storage';
import { roleWithArticle } from './roles';

/**
 * /invitations/:token, the link of an invitation mail (docs/product.md, Workspaces · Members and
 * invitations). A visitor signs in (or registers) first and comes back here; accepting joins the
 * workspace and opens its dashboard.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const { user, logout } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();

  if (invitation.isPending) return <PageStatus>Loading...</PageStatus>;

  const dashboardLink = (
    <Link to="/dashboard" className={buttonClasses({ variant: 'secondary' })}>
      Go to your dashboard
    </Link>
  );

  if (invitation.isError) {
    return (
      <Frame title="This invitation cannot be used">
        <Alert variant="error">{messageOf(invitation.error, 'We could not open this invitation. Try again in a moment.')}</Alert>
        {dashboardLink}
      </Frame>
    );
  }

  const { workspaceName, role, invitedBy, email } = invitation.data;
  const forSomeoneElse = user?.email?.toLowerCase() !== email.toLowerCase();

  async function signInAsSomeoneElse() {
    await logout();
    await navigate('/login', { replace: true, state: { from: location.pathname } });
  }

  function join() {
    accept.mutate(undefined, {
      onSuccess: (workspace) => {
        storeWorkspaceId(workspace.id);
        toast({ variant: 'success', title: `You joined ${workspace.name}`, message: `You are ${roleWithArticle(workspace.role)} there.` });
        void navigate('/dashboard', { replace: true });
      },
    });
  }

  return (
    <Frame title={`Join ${workspaceName}`}>
      <p className="text-slate-700">
        {invitedBy ? `${invitedBy} invited you` : 'You are invited'} to <strong>{workspaceName}</strong> as {roleWithArticle(role)}.
      </p>
      {forSomeoneElse ? (
        <>
          <Alert variant="warning">
            This invitation was sent to {email}, and you are signed in as {user?.email ?? 'an account without an email address'}. Sign in
            with that address to accept it.
          </Alert>
          <Button onClick={() => void signInAsSomeoneElse()}>Sign in with another account</Button>
        </>
      ) : (
        <Button onClick={join} busy={accept.isPending} busyLabel="Joining...">
          Accept
        </Button>
      )}
      {accept.isError && (
        <Alert variant="error">{messageOf(accept.error, 'We could not accept the invitation. Try again in a moment.')}</Alert>
      )}
      {dashboardLink}
    </Frame>
  );
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {children}
    </main>
  );
}
