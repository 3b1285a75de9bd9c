import type { Messages } from '../../zh-CN';

type S = Messages['screens'];

const publish = {
  isPublish: 'Status',
  publishTime: 'Publish time',
  publishTimeHelp: 'Blank: the moment it is published; a future time publishes it then',
  draft: 'Draft',
  published: 'Published',
  sort: 'Order',
  coverUrl: 'Cover image',
  summary: 'Summary',
  content: 'Body',
  preview: 'Preview',
  coverInvalid: 'An image address must start with http://, https:// or /',
  linkInvalid: 'A link must start with http://, https:// or /',
  wechatLinkInvalid: 'A WeChat article link must start with https://',
  wechatLinkRequired: 'Please enter the WeChat article link',
  publishTimeInvalid: 'The publish time is not valid',
  publishInvalid: 'Please choose the status',
  sortInvalid: 'The order must be a whole number from 0 to 99999',
  contentTooLong: 'The body may not exceed 200000 characters',
};

export const portalArticle: S['portalArticle'] = {
  ...publish,
  category: 'Category',
  title: 'Title',
  author: 'Author',
  source: 'Source',
  linkUrl: 'WeChat article link',
  linkUrlHelp: 'Required for WeChat articles: an https:// address of the article',
  isTop: 'Pinned',
  catNews: 'News',
  catParty: 'Party-building news',
  catPolicy: 'Policies',
  catScience: 'Science education',
  catWechat: 'WeChat article',
  titleRequired: 'Please enter the title',
  categoryRequired: 'Please choose the category',
};

export const portalProduct: S['portalProduct'] = {
  ...publish,
  category: 'Service line',
  name: 'Service name',
  catPatent: 'Patent agency',
  catTrademark: 'Trademark agency',
  catCopyright: 'Copyright registration',
  catConsulting: 'IP consulting',
  nameRequired: 'Please enter the service name',
  categoryRequired: 'Please choose the service line',
};

export const portalCertification: S['portalCertification'] = {
  ...publish,
  name: 'Certification',
  standard: 'Standard',
  nameRequired: 'Please enter the certification name',
};

export const portalBanner: S['portalBanner'] = {
  ...publish,
  title: 'Title',
  subtitle: 'Subtitle',
  imageUrl: 'Background image',
  linkUrl: 'Link',
  titleRequired: 'Please enter the banner title',
  imageRequired: 'Please upload the banner image',
};

export const portalSite: S['portalSite'] = {
  heading: 'Site settings',
  intro:
    "Branding, contact details and the about-us page shown on this tenant's website and login page; saved changes show at once.",
  brand: 'Brand',
  contact: 'Contact',
  seo: 'Search engines',
  about: 'About us',
  title: 'Site title',
  loginTitle: 'Login title',
  indexTitle: 'Home title',
  logo: 'Logo',
  favicon: 'Favicon',
  primaryColor: 'Brand colour',
  description: 'Description',
  keywords: 'Keywords',
  icp: 'ICP filing number',
  copyright: 'Copyright',
  companyName: 'Company name',
  contactPhone: 'Phone',
  contactEmail: 'Email',
  contactAddress: 'Address',
  workHours: 'Opening hours',
  aboutUs: 'About us',
  policeRecord: 'Public security filing number',
  wechatQr: 'WeChat QR code',
  privacy: 'Privacy policy',
  privacyHint:
    "Shown on the website's privacy page and linked from the consult form's consent; left empty, a default policy is shown.",
  save: 'Save',
  openSite: 'Open the website',
  saved: 'Updated',
  titleRequired: 'Please enter the site title',
  colorInvalid: 'The colour must be #RRGGBB',
  phoneInvalid: 'The phone number is not valid',
  emailInvalid: 'The email address is not valid',
  logoInvalid: 'An image address must start with http://, https:// or /',
  aboutTooLong: 'About us may not exceed 50000 characters',
  privacyTooLong: 'The privacy policy may not exceed 50000 characters',
};
