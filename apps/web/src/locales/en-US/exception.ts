import type { Messages } from '../zh-CN';

/** Error pages, route load errors and the embedded-page route. */

export const notFound: Messages['notFound'] = {
  title: '404',
  description: 'Sorry, the page you visited does not exist.',
};

export const routeError: Messages['routeError'] = {
  title: 'The page failed to load',
  description: 'A page resource could not be loaded, perhaps because the system was updated. Please reload.',
};

export const exception: Messages['exception'] = {
  back: 'Go back',
  forbiddenTitle: '403',
  forbidden: 'Sorry, you are not allowed to open this page.',
  serverErrorTitle: '500',
  serverError: 'Sorry, something went wrong on the server. Please try again later.',
  pageErrorTitle: 'This page ran into an error',
  menuFailedTitle: 'The menu could not be loaded',
  menuFailedDescription: 'Your menu is not available right now. Check your connection and try again.',
  noPageTitle: 'Page not available yet',
  noPageDescription: 'The menu "{{name}}" ({{path}}) has no page yet. Please contact your administrator.',
};

export const iframe: Messages['iframe'] = {
  invalidTitle: 'The page cannot be opened',
  invalidUrl: 'Please check that the URL is correct!',
  reload: 'Reload',
  openNewWindow: 'Open in a new window',
};
