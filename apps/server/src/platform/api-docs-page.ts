/**
 * The API documentation page at `/api/docs`: a page of its own, a few kilobytes of plain script that lists every
 * operation of the OpenAPI document (`/api/openapi.json`) by tag, with a filter, and shows an operation's security,
 * parameters, request body and answers when it is opened. swagger-ui (about 1.4 MB of script that took seconds to
 * parse and to render the ~300 operations on a loaded 2-core machine) stays at {@link SWAGGER_PATH} for trying
 * calls out ("Authorize", "Try it out"), linked from the page and loaded only there.
 */
export const SWAGGER_PATH = '/api/docs/swagger';
export const DOCS_SCRIPT_PATH = '/api/docs/page.js';

const STYLE = `
body{margin:0;font:14px/1.5 -apple-system,"Segoe UI","PingFang SC","Microsoft YaHei","WenQuanYi Micro Hei",sans-serif;color:#1f2329;background:#f5f7fa}
header{background:#1f2d3d;color:#fff;padding:16px 24px}
header h1{margin:0 0 4px;font-size:20px}
header small{font-size:13px;font-weight:400;color:#cfd8e3}
header p{margin:4px 0;color:#cfd8e3;max-width:1100px}
header a{color:#9ecbff}
main{max-width:1200px;margin:0 auto;padding:16px 24px 48px}
.bar{display:flex;gap:12px;align-items:center;margin:0 0 16px}
.bar input{flex:1;padding:8px 10px;border:1px solid #c9d1db;border-radius:6px;font:inherit}
.tag{margin:0 0 12px;background:#fff;border:1px solid #e4e8ee;border-radius:8px}
.tag>h3{margin:0;padding:10px 14px;font-size:16px;border-bottom:1px solid #eef1f5}
.opblock{border-top:1px solid #f0f2f5}
.opblock:first-of-type{border-top:0}
.opblock-summary{display:flex;gap:12px;align-items:center;padding:8px 14px;cursor:pointer;list-style:none}
.opblock-summary::-webkit-details-marker{display:none}
.method{display:inline-block;min-width:64px;text-align:center;border-radius:4px;color:#fff;font-weight:600;font-size:12px;padding:2px 0}
.get .method{background:#61affe}.post .method{background:#49cc90}.put .method{background:#fca130}.delete .method{background:#f93e3e}.patch .method{background:#50e3c2}
.path{font-family:ui-monospace,Menlo,Consolas,monospace;word-break:break-all}
.summary{color:#5a6472;margin-left:auto;text-align:right}
.lock{color:#8a94a3;font-size:12px}
.opblock-body{padding:4px 14px 14px}
.opblock-body h4{margin:12px 0 6px;font-size:13px}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{border:1px solid #e4e8ee;padding:4px 8px;text-align:left;vertical-align:top}
pre{margin:0;background:#f7f8fa;border:1px solid #e4e8ee;border-radius:6px;padding:8px;overflow:auto;max-height:360px;font-size:12px}
.empty{color:#8a94a3}
`;

/** The page's HTML; the document is asked for at once (preload), beside the script. */
export function docsPageHtml(openapiPath: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>立方门户接口文档</title>
<link rel="icon" href="data:,">
<link rel="preload" href="${openapiPath}" as="fetch" crossorigin="anonymous">
<style>${STYLE}</style>
</head>
<body>
<header><h1>立方门户接口文档 <small id="version"></small></h1><p id="about">正在加载接口文档…</p>
<p><a href="${SWAGGER_PATH}/">在 Swagger UI 中调试接口（Authorize、Try it out）</a> · <a href="${openapiPath}">OpenAPI 文档（JSON）</a></p></header>
<main><div class="bar"><input id="filter" type="search" placeholder="按路径、名称或模块筛选" aria-label="筛选接口"><span id="count"></span></div><div id="tags"></div></main>
<script src="${DOCS_SCRIPT_PATH}" data-openapi="${openapiPath}"></script>
</body>
</html>
`;
}

/**
 * The page's script (no framework). Operations are listed as closed `<details>`; an operation's details are built
 * the first time it is opened, so that listing ~300 operations costs a few milliseconds.
 */
export const DOCS_PAGE_SCRIPT = `(function () {
  'use strict';
  var script = document.currentScript;
  var source = script.getAttribute('data-openapi');
  var METHODS = ['get', 'post', 'put', 'patch', 'delete'];
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function resolve(doc, schema) {
    var seen = 0;
    while (schema && schema.$ref && seen++ < 10) {
      var parts = schema.$ref.replace(/^#\\//, '').split('/');
      var target = doc;
      for (var i = 0; i < parts.length && target; i++) target = target[parts[i]];
      schema = target;
    }
    return schema;
  }
  function typeOf(schema) {
    if (!schema) return '';
    if (schema.type === 'array') return 'array<' + typeOf(schema.items) + '>';
    if (schema.enum) return (schema.type || '') + ' ' + schema.enum.join(' | ');
    if (schema.anyOf || schema.oneOf) return (schema.anyOf || schema.oneOf).map(typeOf).join(' | ');
    return schema.type || (schema.properties ? 'object' : '');
  }
  function schemaBlock(doc, schema) {
    return el('pre', '', JSON.stringify(resolve(doc, schema), null, 2));
  }
  function body(doc, op) {
    var box = el('div', 'opblock-body');
    if (op.description) box.appendChild(el('p', '', op.description));
    var security = (op.security || []).map(function (s) { return Object.keys(s).join(', '); }).filter(Boolean);
    box.appendChild(el('p', 'lock', security.length ? '认证：' + security.join('；') : '无需认证'));
    var params = op.parameters || [];
    box.appendChild(el('h4', '', '参数'));
    if (params.length) {
      var table = el('table');
      var head = el('tr');
      ['名称', '位置', '必填', '类型', '说明'].forEach(function (h) { head.appendChild(el('th', '', h)); });
      table.appendChild(head);
      params.forEach(function (p) {
        p = resolve(doc, p);
        var row = el('tr');
        [p.name, p.in, p.required ? '是' : '否', typeOf(resolve(doc, p.schema)), p.description || ''].forEach(function (v) {
          row.appendChild(el('td', '', String(v)));
        });
        table.appendChild(row);
      });
      box.appendChild(table);
    } else box.appendChild(el('p', 'empty', '无'));
    var content = op.requestBody && resolve(doc, op.requestBody).content;
    if (content) {
      Object.keys(content).forEach(function (type) {
        box.appendChild(el('h4', '', '请求体（' + type + '）'));
        box.appendChild(schemaBlock(doc, content[type].schema));
      });
    }
    Object.keys(op.responses || {}).forEach(function (status) {
      var answer = resolve(doc, op.responses[status]);
      var types = Object.keys(answer.content || {});
      box.appendChild(el('h4', '', '响应 ' + status + (answer.description ? '：' + answer.description : '')));
      if (types.length) box.appendChild(schemaBlock(doc, answer.content[types[0]].schema));
    });
    return box;
  }
  function render(doc) {
    var about = document.getElementById('about');
    about.textContent = (doc.info && doc.info.description) || '';

    var info = doc.info || {};
    document.getElementById('version').textContent =
      (info.title || '') + ' ' + (info.version || '') + ' · OpenAPI ' + (doc.openapi || '');
    var byTag = new Map();
    var total = 0;
    Object.keys(doc.paths || {}).forEach(function (path) {
      METHODS.forEach(function (method) {
        var op = doc.paths[path][method];
        if (!op) return;
        var tag = (op.tags && op.tags[0]) || '其他接口';
        if (!byTag.has(tag)) byTag.set(tag, []);
        byTag.get(tag).push({ path: path, method: method, op: op });
        total++;
      });
    });
    var container = document.getElementById('tags');
    var sections = [];
    byTag.forEach(function (ops, tag) {
      var section = el('section', 'tag');
      section.appendChild(el('h3', '', tag));
      var rows = [];
      ops.forEach(function (entry) {
        var block = el('details', 'opblock ' + entry.method);
        block.id = entry.method + '-' + entry.path;
        var summary = el('summary', 'opblock-summary');
        summary.appendChild(el('span', 'method', entry.method.toUpperCase()));
        summary.appendChild(el('span', 'path', entry.path));
        if (entry.op.security && entry.op.security.length) summary.appendChild(el('span', 'lock', '需认证'));
        summary.appendChild(el('span', 'summary', entry.op.summary || ''));
        block.appendChild(summary);
        block.addEventListener('toggle', function () {
          if (block.open && !block.querySelector('.opblock-body')) block.appendChild(body(doc, entry.op));
          if (block.open) history.replaceState(null, '', '#' + encodeURIComponent(block.id));
        });
        rows.push({ node: block, text: (tag + ' ' + entry.method + ' ' + entry.path + ' ' + (entry.op.summary || '')).toLowerCase() });
        section.appendChild(block);
      });
      sections.push({ node: section, rows: rows });
      container.appendChild(section);
    });
    var count = document.getElementById('count');
    count.textContent = '共 ' + total + ' 个接口';
    document.getElementById('filter').addEventListener('input', function (event) {
      var words = event.target.value.trim().toLowerCase().split(/\\s+/).filter(Boolean);
      var shown = 0;
      sections.forEach(function (section) {
        var any = false;
        section.rows.forEach(function (row) {
          var match = words.every(function (w) { return row.text.indexOf(w) >= 0; });
          row.node.hidden = !match;
          if (match) { any = true; shown++; }
        });
        section.node.hidden = !any;
      });
      count.textContent = words.length ? '筛选出 ' + shown + ' / ' + total + ' 个接口' : '共 ' + total + ' 个接口';
    });
    var wanted = decodeURIComponent(location.hash.slice(1));
    var target = wanted && document.getElementById(wanted);
    if (target) { target.open = true; target.scrollIntoView(); }
  }
  fetch(source, { credentials: 'same-origin' })
    .then(function (res) { if (!res.ok) throw new Error('HTTP ' + res.status); return res.json(); })
    .then(render)
    .catch(function (error) {
      document.getElementById('about').textContent = '接口文档加载失败：' + error.message;
    });
})();
`;
