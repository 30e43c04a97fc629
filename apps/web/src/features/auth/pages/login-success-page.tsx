import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { AuthLayout, textLinkClass } from '../components/auth-layout';

/**
 * docs/product.md, Sign-in · Token login: `/login/success` no longer signs anyone in. Session tokens never
 * travel in an address, where a crafted link could sign a visitor in as someone else (decision 106): the
 * page takes whatever the address carries out of it and the history, stores nothing, and points to sign-in.
 */
export function LoginSuccessPage() {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (location.search || location.hash) void navigate(location.pathname, { replace: true });
  }, [location.search, location.hash, location.pathname, navigate]);

  return (
    <AuthLayout title="Please sign in">
      <div className="flex flex-col gap-4 text-center">
        <Alert variant="info">
          For your safety, Postflow does not sign you in from a link. Sign in with your email or a network account.
        </Alert>
        <Link to="/login" replace className={textLinkClass}>
          Go to sign in
        </Link>
      </div>
    </AuthLayout>
  );
}
