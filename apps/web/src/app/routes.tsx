import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import * as Pages from './pages';
import { ProtectedRoute } from './protected-route';
import { RouteError } from './route-error';
import { SessionRoot } from './session-root';

/** The route table of docs/product.md, Routes. */
export const routes: RouteObject[] = [
  {
    element: <SessionRoot />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Pages.LandingPage /> },
      { path: '/login', element: <Pages.LoginPage /> },
      { path: '/register', element: <Pages.RegisterPage /> },
      { path: '/reset-password', element: <Pages.ResetPasswordPage /> },
      { path: '/terms', element: <Pages.TermsPage /> },
      { path: '/privacy', element: <Pages.PrivacyPage /> },
      { path: '/guides', element: <Pages.GuidesPage /> },
      { path: '/guides/:slug', element: <Pages.GuidePage /> },
      { path: '/contact', element: <Pages.ContactPage /> },
      // Typed or shared addresses of the landing page's sections open them, signed in or not
      // (docs/decisions/070, docs/decisions/124): the plans live on the landing page only.
      ...['pricing', 'features', 'platforms'].map((section) => ({
        path: `/${section}`,
        element: <Navigate to={`/#${section}`} replace />,
      })),
      { path: '/auth/callback', element: <Pages.SocialCallbackPage /> },
      { path: '/login/success', element: <Pages.LoginSuccessPage /> },
      {
        element: <ProtectedRoute />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', element: <Pages.DashboardPage /> },
              { path: '/feed', element: <Pages.FeedPage /> },
              { path: '/calendar', element: <Pages.CalendarPage /> },
              { path: '/analytics', element: <Pages.AnalyticsPage /> },
              { path: '/connect-accounts', element: <Pages.ConnectAccountsPage /> },
              { path: '/create-post', element: <Pages.CreatePostPage /> },
              { path: '/import', element: <Pages.ImportPage /> },
              { path: '/drafts', element: <Pages.DraftsPage /> },
              { path: '/queue', element: <Pages.QueuePage /> },
              { path: '/profile', element: <Pages.ProfilePage /> },
              { path: '/settings/workspace', element: <Pages.WorkspaceSettingsPage /> },
              { path: '/settings/api-keys', element: <Pages.ApiKeysPage /> },
              { path: '/admin', element: <Pages.AdminPage /> },
            ],
          },
          // An invitation mail's link: a visitor signs in (or registers) and comes back here.
          { path: '/invitations/:token', element: <Pages.InvitationPage /> },
        ],
      },
      // The sidebar's empty-state link points here (docs/product.md, App shell · Connected accounts list); the connect screen is where it should land.
      { path: '/settings/connections', element: <Navigate to="/connect-accounts" replace /> },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];
