import type { Messages } from '../zh-CN';

/** Signing in and out, and the lock screen. */

export const login: Messages['login'] = {
  heading: 'Sign in',
  subheading: 'Welcome back, please sign in with your account',
  tenantId: 'Tenant ID',
  username: 'Username',
  password: 'Password',
  code: 'Verification code',
  tenantIdRequired: 'Please enter the tenant ID',
  usernameRequired: 'Please enter the username',
  passwordRequired: 'Please enter the password',
  codeRequired: 'Please enter the verification code',
  captchaAlt: 'Verification code image',
  captchaRefresh: 'Hard to read? Click to get a new code',
  captchaLoadFailed: 'Click to retry',
  submit: 'Sign in',
  success: 'Signed in',
  brandFeatureTenants: 'Tenant isolation keeps every organisation’s data apart',
  brandFeatureOrganization: 'Departments, roles and permissions in one place',
  brandFeatureWorkflow: 'Patent applications handled end to end online',
  copyright: '© {{year}} {{name}}. All rights reserved.',
};

export const logout: Messages['logout'] = {
  confirm: 'Sign out of the system, continue?',
};

export const lock: Messages['lock'] = {
  lockScreen: 'Lock screen',
  setPassword: 'Set a lock password',
  password: 'Lock password',
  passwordPlaceholder: 'Enter a lock password',
  passwordRequired: 'The lock password cannot be empty',
  locked: 'The screen is locked',
  unlockPlaceholder: 'Enter the lock password to unlock',
  unlock: 'Unlock',
  wrongPassword: 'Wrong lock password, please try again',
  signOut: 'Sign out',
  signedOut: 'Signed out',
  dateFormat: 'dddd, MMMM D, YYYY',
};
