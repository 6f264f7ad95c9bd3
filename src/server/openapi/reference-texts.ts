/*
 * Swagger UI has no translations: its controls are English. The reference page runs this
 * script beside it, which puts each control's words in pt-PT as Swagger UI draws them. Only
 * whole texts that are exactly one of Swagger UI's own are replaced, so the document's texts
 * (already pt-PT, from the resource definitions) are never touched.
 */

/** Swagger UI's words (as it draws them, trimmed) and what the page shows instead. */
const REFERENCE_UI_TEXTS: Readonly<Record<string, string>> = {
  'Try it out': 'Experimentar',
  Cancel: 'Cancelar',
  Execute: 'Executar',
  Clear: 'Limpar',
  Parameters: 'Parâmetros',
  'No parameters': 'Sem parâmetros',
  Name: 'Nome',
  Description: 'Descrição',
  Responses: 'Respostas',
  Response: 'Resposta',
  Code: 'Código',
  Links: 'Ligações',
  'No links': 'Sem ligações',
  'Request body': 'Corpo do pedido',
  'Response body': 'Corpo da resposta',
  'Response headers': 'Cabeçalhos da resposta',
  'Request URL': 'Endereço do pedido',
  'Server response': 'Resposta do servidor',
  'Request duration': 'Duração do pedido',
  Details: 'Detalhes',
  'Example Value': 'Exemplo',
  Examples: 'Exemplos',
  Example: 'Exemplo',
  'Default value': 'Valor por omissão',
  'Available values': 'Valores possíveis',
  Enum: 'Valores',
  'Enum:': 'Valores:',
  Hide: 'Esconder',
  Show: 'Mostrar',
  Schema: 'Esquema',
  Schemas: 'Esquemas',
  'Media type': 'Tipo de conteúdo',
  'Controls Accept header.': 'Define o cabeçalho Accept do pedido.',
  'Parameter content type': 'Tipo de conteúdo do parâmetro',
  'Send empty value': 'Enviar valor vazio',
  Authorize: 'Autorizar',
  Authorized: 'Autorizado',
  'Available authorizations': 'Autorizações disponíveis',
  Logout: 'Terminar',
  Close: 'Fechar',
  'Value:': 'Valor:',
  Download: 'Descarregar',
  'Download file': 'Descarregar o ficheiro',
  required: 'obrigatório',
  Servers: 'Servidores',
  Undocumented: 'Sem documentação',
  'Loading...': 'A carregar…',
  'Failed to fetch.': 'Não foi possível contactar o servidor.',
  'Expand operation': 'Abrir a operação',
  'Collapse operation': 'Fechar a operação',
  'Copy to clipboard': 'Copiar',
};

/** Attributes whose words a person hears or sees (screen readers, tooltips, empty boxes). */
const ATTRIBUTES = ['aria-label', 'title', 'placeholder'];

/** The browser script: translates what is drawn now and whatever Swagger UI draws later. */
export const TRANSLATE_SCRIPT = `(() => {
  const texts = ${JSON.stringify(REFERENCE_UI_TEXTS)};
  const attributes = ${JSON.stringify(ATTRIBUTES)};
  const own = (value) => Object.prototype.hasOwnProperty.call(texts, value);
  const translateText = (node) => {
    const value = node.nodeValue;
    const trimmed = value.trim();
    if (trimmed && own(trimmed)) node.nodeValue = value.replace(trimmed, texts[trimmed]);
  };
  const translateElement = (element) => {
    for (const name of attributes) {
      const value = element.getAttribute(name);
      if (value && own(value.trim())) element.setAttribute(name, texts[value.trim()]);
    }
  };
  const translateTree = (root) => {
    if (root.nodeType === Node.TEXT_NODE) return translateText(root);
    if (root.nodeType !== Node.ELEMENT_NODE) return;
    translateElement(root);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) translateText(node);
      else translateElement(node);
    }
  };
  const root = document.getElementById('swagger-ui');
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      if (mutation.type === 'characterData') translateText(mutation.target);
      else if (mutation.type === 'attributes') translateElement(mutation.target);
      else mutation.addedNodes.forEach(translateTree);
    }
  }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: attributes });
  translateTree(root);
})();
`;
