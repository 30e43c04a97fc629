import { lazy } from 'react';

/*
 * Every screen is its own chunk, so the landing page and the sign-in screen download only what they show
 * (later screens bring charts and editors).
 */
export const LandingPage = lazy(() => import('../features/site/pages/landing-page').then((m) => ({ default: m.LandingPage })));
export const TermsPage = lazy(() => import('../features/site/pages/terms-page').then((m) => ({ default: m.TermsPage })));
export const PrivacyPage = lazy(() => import('../features/site/pages/privacy-page').then((m) => ({ default: m.PrivacyPage })));
export const GuidesPage = lazy(() => import('../features/site/pages/guides-page').then((m) => ({ default: m.GuidesPage })));
export const GuidePage = lazy(() => import('../features/site/pages/guide-page').then((m) => ({ default: m.GuidePage })));
export const ContactPage = lazy(() => import('../features/site/pages/contact-page').then((m) => ({ default: m.ContactPage })));

export const LoginPage = lazy(() => import('../features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
export const RegisterPage = lazy(() => import('../features/auth/pages/register-page').then((m) => ({ default: m.RegisterPage })));
export const ResetPasswordPage = lazy(() =>
  import('../features/auth/pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
export const LoginSuccessPage = lazy(() =>
  import('../features/auth/pages/login-success-page').then((m) => ({ default: m.LoginSuccessPage })),
);
export const SocialCallbackPage = lazy(() =>
  import('../features/auth/pages/social-callback-page').then((m) => ({ default: m.SocialCallbackPage })),
);

export const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
export const FeedPage = lazy(() => import('../features/feed/feed-page').then((m) => ({ default: m.FeedPage })));
export const CalendarPage = lazy(() => import('../features/posts/calendar/calendar-page').then((m) => ({ default: m.CalendarPage })));
export const AnalyticsPage = lazy(() => import('../features/analytics/analytics-page').then((m) => ({ default: m.AnalyticsPage })));
export const ConnectAccountsPage = lazy(() =>
  import('../features/accounts/connect-accounts-page').then((m) => ({ default: m.ConnectAccountsPage })),
);
export const CreatePostPage = lazy(() =>
  import('../features/posts/composer/create-post-page').then((m) => ({ default: m.CreatePostPage })),
);
export const ImportPage = lazy(() => import('../features/import/import-page').then((m) => ({ default: m.ImportPage })));
export const DraftsPage = lazy(() => import('../features/drafts/drafts-page').then((m) => ({ default: m.DraftsPage })));
export const QueuePage = lazy(() => import('../features/queue/queue-page').then((m) => ({ default: m.QueuePage })));
export const AdminPage = lazy(() => import('../features/admin/admin-page').then((m) => ({ default: m.AdminPage })));
export const ProfilePage = lazy(() => import('./pages/profile-page').then((m) => ({ default: m.ProfilePage })));
export const WorkspaceSettingsPage = lazy(() =>
  import('../features/workspaces/workspace-settings-page').then((m) => ({ default: m.WorkspaceSettingsPage })),
);
export const ApiKeysPage = lazy(() => import('../features/workspaces/api-keys/api-keys-page').then((m) => ({ default: m.ApiKeysPage })));
export const InvitationPage = lazy(() => import('../features/workspaces/invitation-page').then((m) => ({ default: m.InvitationPage })));
