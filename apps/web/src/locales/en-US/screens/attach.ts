import type { Messages } from '../../zh-CN';

export const attach: Messages['screens']['attach'] = {
  originalName: 'File name',
  extension: 'Type',
  attachSize: 'Size',
  contentType: 'Content type',
  createUserName: 'Uploaded by',
  createTime: 'Uploaded at',
  upload: 'Upload',
  uploaded: 'Uploaded',
  preview: 'Preview',
  download: 'Download',
  originalNameRequired: 'Please enter the file name',
  fileRequired: 'Please choose a file to upload',
  downloadFailed: 'The attachment could not be downloaded',
};
