// The bpmn-js modeler, its stylesheets, the camunda attribute descriptor, the palette restriction and the zh-CN
// texts, in one module that only `import()` reaches: the console's initial bundle never carries them, and only the
// designer pays for them when it opens.
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import BpmnModeler from 'bpmn-js/lib/Modeler';
import camundaDescriptor from 'camunda-bpmn-moddle/resources/camunda.json';
import { supportedElementsModule } from './ModelerPalette';
import { modelerZhCN, translateTemplate } from './ModelerTranslate.zh';
import './Modeler.css';

export type ModelerInstance = BpmnModeler;

/** A modeler in `container`, in Chinese unless the console runs in English. */
export function createModeler(container: HTMLElement, language: string): BpmnModeler {
  const dictionary = language.startsWith('zh') ? modelerZhCN : {};
  const translateModule = {
    translate: [
      'value',
      (template: string, replacements?: Record<string, string>) =>
        translateTemplate(dictionary, template, replacements),
    ],
  };
  return new BpmnModeler({
    container,
    additionalModules: [translateModule, supportedElementsModule],
    moddleExtensions: { camunda: camundaDescriptor },
  });
}
