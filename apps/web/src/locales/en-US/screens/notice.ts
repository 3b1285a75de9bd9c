import type { Messages } from '../../zh-CN';

export const notice: Messages['screens']['notice'] = {
  title: 'Title',
  category: 'Category',
  releaseTime: 'Release time',
  content: 'Content',
  titleRequired: 'Please enter the title',
  categoryRequired: 'Please choose the category',
  releaseTimeRequired: 'Please choose the release time',
  titleTooLong: 'The title may not exceed 255 characters',
  releaseTimeInvalid: 'The release time is not a valid date and time',
  contentTooLong: 'The content may not exceed 20000 characters',
};
