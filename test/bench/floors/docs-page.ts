/** docs-page: no DynamoDB call, so the floor only answers. */
export { staticAnswer as handler } from './static-answer.ts';
