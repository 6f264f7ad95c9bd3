// A `screenshot` command for the browser tests: a PNG of an area of the test page, taken by
// Chromium itself (DevTools protocol), so a test can compare what two pages really paint.

/** Payload: `{ x, y, width, height }` in CSS pixels of the top page. Answers base64 PNG. */
export function screenshotPlugin() {
  return {
    name: 'screenshot-command',
    async executeCommand({ command, payload, session }) {
      if (command !== 'screenshot') return undefined;
      if (session.browser.type !== 'puppeteer') throw new Error('The screenshot command needs the Chrome launcher (puppeteer).');
      const page = session.browser.getPage(session.id);
      // Within the viewport only: capturing beyond it would resize the page under the test.
      return page.screenshot({ clip: payload, encoding: 'base64', captureBeyondViewport: false });
    },
  };
}
