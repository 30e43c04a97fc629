import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageStatus } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';

/** docs/product.md, Sign-in · Token login: `/login/success?token=…[&refreshToken=…]` signs in with the given token. */
export function LoginSuccessPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const refreshToken = searchParams.get('refreshToken');
  const { acceptToken } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    // Replacing the entry also takes the token out of the browser history.
    if (token) {
      acceptToken(token, refreshToken);
      void navigate('/dashboard', { replace: true });
    } else {
      void navigate('/login', { replace: true });
    }
  }, [token, refreshToken, acceptToken, navigate]);

  return <PageStatus>Signing you in...</PageStatus>;
}
