// Debian's chromium, the one browser this machine may run (nothing can be downloaded), and the
// flags every launch of it uses: the e2e suite's and the bench's.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Chromium 15x builds its omnibox popup as WebUI pages in every window, headless included: about
// 2 s of CPU per new window (each test's context is one), which on two cores slowed the whole suite.
// The page under test never sees the omnibox, so turning these off changes nothing it renders.
const BROWSER_UI_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  `--disable-features=${BROWSER_UI_OFF.join(',')}`,
];
