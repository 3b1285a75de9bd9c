/*
 * Kept free of zod so that the public website's small client bundle can import the page list (which names the
 * sections' categories) without the schemas.
 */

/** Article categories; keys of the `article_category` choice the console and the public pages share. */
export const ArticleCategory = {
  news: 1,
  party: 2,
  policy: 3,
  science: 4,
  wechat: 5,
} as const;
export type ArticleCategoryKey = (typeof ArticleCategory)[keyof typeof ArticleCategory];

export const ARTICLE_CATEGORY_LABELS: Record<ArticleCategoryKey, string> = {
  1: '新闻动态',
  2: '党建要闻',
  3: '政策法规',
  4: '科普教育',
  5: '公众号文章',
};
