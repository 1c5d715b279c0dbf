/**
 * The status page's own script (issue 35): the answer form's voice memo recorder (features/status-answer). Built on
 * its own (build/build-status-page.ts), apart from the public pages' code, and loaded by the status page with a
 * `<script type="module" src>` its CSP allows ('self'); the public pages never load it.
 */
import { enhanceAnswerForm } from './features/status-answer/answer-memo';

enhanceAnswerForm();
