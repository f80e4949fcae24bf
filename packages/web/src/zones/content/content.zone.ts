/** The content zone's own screens (one lazy chunk): the article form with its preview. */
export { ArticleFormPage } from './article-form-page.tsx';
