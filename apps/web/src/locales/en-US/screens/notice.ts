import type { Messages } from '../../zh-CN';

export const notice: Messages['screens']['notice'] = {
  title: 'Title',
  category: 'Category',
  releaseTime: 'Release time',
  content: 'Content',
  titleRequired: 'Please enter the title',
  categoryRequired: 'Please choose the category',
  releaseTimeRequired: 'Please choose the release time',
};
