/**
 * The code of the signed-in console's first screen: antd's `<App>` frame, the console layout and the welcome page.
 * The router loads them for `/wel/index`; the login form loads them as soon as the user starts signing in
 * ({@link warmConsoleCode}), so that after the token answer the welcome page renders without waiting for code.
 */
export const loadAntAppFrame = () => import('./AntAppFrame');
export const loadConsoleLayout = () => import('../layouts/console/ConsoleLayout');
export const loadWelcomePage = () => import('../pages/console/welcome/WelcomePage');

let warming = false;

/**
 * Loads (and runs) the console's first-screen code once, while the user types: after the login's first view, so that
 * view stays small, and before the token answer, so that sign-in waits for the server alone. A failure is forgotten
 * (the route loads the code itself, with its own error page).
 */
export function warmConsoleCode(): void {
  // In the browser's idle time between keystrokes; where it cannot tell idle time, the route loads the code itself.
  if (warming || typeof window === 'undefined' || !('requestIdleCallback' in window)) return;
  warming = true;
  window.requestIdleCallback(
    () => {
      Promise.all([loadAntAppFrame(), loadConsoleLayout(), loadWelcomePage()]).catch(() => {
        warming = false;
      });
    },
    { timeout: WARM_WITHIN_MS },
  );
}

/** The warm-up starts at the latest this long after the first keystroke, idle time or not. */
const WARM_WITHIN_MS = 200;
