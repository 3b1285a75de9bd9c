import type { Messages } from '../zh-CN';

/** The public landing page. */

export const home: Messages['home'] = {
  headline: 'One portal for the digital enterprise',
  intro:
    'Corporate website, news, product services and back-office administration in one place: a secure, unified and efficient portal for multi-tenant organisations.',
  login: 'Sign in to the console',
  enterConsole: 'Open the console',
  featureSiteTitle: 'Corporate website',
  featureSiteText: 'Products and services, news, science education, party building and company profile.',
  featureConsoleTitle: 'Unified administration',
  featureConsoleText:
    'Tenants, organisation, roles, menus and dictionaries configured and granted centrally.',
  featureWorkflowTitle: 'Workflow collaboration',
  featureWorkflowText: 'Invention, utility model and design patent applications handled online end to end.',
};
