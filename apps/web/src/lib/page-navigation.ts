/**
 * Full-page navigations (sign-in with a network, the redirect after the session is lost). Kept behind
 * an object so tests can replace `assign`: jsdom cannot navigate and reports an error when asked to.
 */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
