// The bpmn-js viewer and its stylesheets, in one module that only `import()` reaches: the console's initial
// bundle never carries bpmn-js, and a page that shows a diagram pays for it when the diagram mounts.
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';

export default NavigatedViewer;
