// Bundled as the inline boot script (build/build-site.ts): runs the boot with the options of its own <script>.
import { boot, bootOptionsFrom } from './boot';

const options = bootOptionsFrom(document.currentScript);
if (options) boot(options);
else console.error('boot script without data-entry: the page stays static');
