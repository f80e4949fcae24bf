/** The auth zone's sign-in chunk: the sign-in screens only (what the first visit loads). */
export { ForgottenPasswordPage } from './pages/forgotten-password-page.tsx';
export { LoginPage } from './pages/login-page.tsx';
export { LogoutPage } from './pages/logout-page.tsx';
export { RenewPasswordPage } from './pages/renew-password-page.tsx';
