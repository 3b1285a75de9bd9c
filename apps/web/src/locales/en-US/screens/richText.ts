import type { Messages } from '../../zh-CN';

export const richText: Messages['screens']['richText'] = {
  label: 'Body editor',
  toolbar: 'Formatting toolbar',
  h2: 'Heading 2',
  h3: 'Heading 3',
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strike: 'Strikethrough',
  bulletList: 'Bulleted list',
  orderedList: 'Numbered list',
  quote: 'Quote',
  link: 'Insert link',
  image: 'Insert image',
  undo: 'Undo',
  redo: 'Redo',
  uploadFailed: 'The image could not be uploaded',
  linkInvalid: 'A link must start with http://, https://, /, mailto: or tel:',
};
