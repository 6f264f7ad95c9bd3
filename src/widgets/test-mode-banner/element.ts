import { defineElement } from '../kit/index.js';
import { TestModeBanner } from './test-mode-banner.js';

/** `<associa-test-mode-banner sticky="true">` */
export const TestModeBannerElement = defineElement('associa-test-mode-banner', TestModeBanner, {
  attributes: { sticky: 'boolean' },
});
