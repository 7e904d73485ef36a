// The page of `newsml serve`: every conversion (to ninjs too), validation and diff is a call
// to this service's own Twirp routes (JSON), exactly as a client makes it.
"use strict";

const $ = (id) => document.getElementById(id);

async function call(method, request) {
  const headers = { "Content-Type": "application/json" };
  const token = $("token").value.trim();
  if (token) headers.Authorization = "Bearer " + token;
  const reply = await fetch("twirp/cca.Tools/" + method, {
    method: "POST",
    headers,
    body: JSON.stringify(request),
  });
  const body = await reply.json();
  if (!reply.ok) throw body; // a Twirp error: {code, msg, meta}
  return body;
}

// NewsML starts with "<" (after whitespace); anything else is read as a document.
function side(text, name) {
  const trimmed = text.trim();
  if (!trimmed) throw { code: "invalid_argument", msg: `item ${name} is empty` };
  if (trimmed.startsWith("<")) return { newsml: trimmed };
  try {
    return { document: JSON.parse(trimmed) };
  } catch (error) {
    throw { code: "malformed", msg: `item ${name} is neither NewsML nor JSON: ${error.message}` };
  }
}

function escapeXml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

// Indent elements that hold only elements; mixed content is shown as it is.
function prettyXml(text) {
  const parsed = new DOMParser().parseFromString(text, "application/xml");
  if (parsed.getElementsByTagName("parsererror").length) return text;
  const lines = [];
  const serializer = new XMLSerializer();
  (function walk(node, depth) {
    const pad = "  ".repeat(depth);
    const attributes = Array.from(node.attributes)
      .map((a) => ` ${a.name}="${escapeXml(a.value)}"`)
      .join("");
    const kids = Array.from(node.childNodes).filter(
      (k) => !(k.nodeType === Node.TEXT_NODE && !k.nodeValue.trim()) && k.nodeType !== Node.COMMENT_NODE
    );
    if (!kids.length) {
      lines.push(`${pad}<${node.nodeName}${attributes}/>`);
    } else if (kids.some((k) => k.nodeType !== Node.ELEMENT_NODE)) {
      const inner = Array.from(node.childNodes).map((k) => serializer.serializeToString(k)).join("");
      lines.push(`${pad}<${node.nodeName}${attributes}>${inner.trim()}</${node.nodeName}>`);
    } else {
      lines.push(`${pad}<${node.nodeName}${attributes}>`);
      kids.forEach((k) => walk(k, depth + 1));
      lines.push(`${pad}</${node.nodeName}>`);
    }
  })(parsed.documentElement, 0);
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + lines.join("\n");
}

function clear() {
  $("error").hidden = true;
  $("error").textContent = "";
  $("status").textContent = "";
}

function clearConversion() {
  $("converted-title").textContent = "Conversion";
  $("converted").textContent = "";
  $("problems").replaceChildren();
  $("valid").textContent = "";
}

function clearDifferences() {
  $("differences").replaceChildren();
  $("same").textContent = "";
}

// A failed action leaves only what it found itself (the schema problems
// that explain a failed conversion): the results of earlier actions are
// cleared with `clearOthers`, so that nothing seems to answer the failed input.
function showError(error, clearOthers) {
  clearOthers();
  const meta = error && error.meta ? "\n" + JSON.stringify(error.meta, null, 2) : "";
  $("error").textContent = error && error.msg ? `${error.code}: ${error.msg}${meta}` : String(error);
  $("error").hidden = false;
  $("status").textContent = "failed";
}

function showProblems(reply) {
  const problems = reply.schemaErrors || [];
  $("problems").replaceChildren(
    ...problems.map((problem) => {
      const item = document.createElement("li");
      item.textContent = problem;
      return item;
    })
  );
  $("valid").textContent = problems.length ? `${problems.length} problem(s)` : "The document is valid.";
}

async function convert() {
  clear();
  clearConversion();
  try {
    const input = side($("a").value, "A");
    if (input.newsml !== undefined) {
      const reply = await call("ConvertToDocument", { newsml: input.newsml });
      $("converted-title").textContent = "Conversion: the document";
      $("converted").textContent = JSON.stringify(reply.document, null, 2);
      showProblems(await call("ValidateNavigaDoc", { document: reply.document }));
    } else {
      $("converted-title").textContent = "Conversion: NewsML";
      showProblems(await call("ValidateNavigaDoc", { document: input.document }));
      const reply = await call("ConvertToNewsml", { document: input.document });
      $("converted").textContent = prettyXml(reply.newsml);
    }
    $("status").textContent = "converted";
  } catch (error) {
    showError(error, clearDifferences);
  }
}

// The article as IPTC ninjs 3.0 (the JSON-only ConvertToNinjs route).
async function toNinjs() {
  clear();
  clearConversion();
  try {
    const reply = await call("ConvertToNinjs", { item: side($("a").value, "A") });
    $("converted-title").textContent = "Conversion: ninjs 3.0";
    $("converted").textContent = JSON.stringify(reply.ninjs, null, 2);
    $("status").textContent = "converted to ninjs";
  } catch (error) {
    showError(error, clearDifferences);
  }
}

function short(value) {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 160 ? text.slice(0, 157) + "..." : text;
}

async function diff() {
  clear();
  clearDifferences();
  try {
    const reply = await call("Diff", { a: side($("a").value, "A"), b: side($("b").value, "B") });
    const differences = reply.differences || [];
    $("differences").replaceChildren(
      ...differences.map((d) => {
        const item = document.createElement("li");
        item.dataset.kind = d.kind;
        const parts = [
          ["kind", d.kind],
          ["path", " " + d.path],
          ["event", d.event ? ` [${d.event}]` : ""],
          ["old", d.old !== null ? " − " + short(d.old) : ""],
          ["new", d.new !== null ? " + " + short(d.new) : ""],
        ];
        for (const [name, text] of parts) {
          const span = document.createElement("span");
          span.className = name;
          span.textContent = text;
          item.append(span);
        }
        return item;
      })
    );
    $("same").textContent = differences.length
      ? `${differences.length} difference(s)`
      : "The items are equivalent.";
    $("status").textContent = "compared";
  } catch (error) {
    showError(error, clearConversion);
  }
}

// Drop a file on a text area: its text replaces the area's.
for (const id of ["a", "b"]) {
  const area = $(id);
  area.addEventListener("dragover", (event) => {
    event.preventDefault();
    area.classList.add("over");
  });
  area.addEventListener("dragleave", () => area.classList.remove("over"));
  area.addEventListener("drop", async (event) => {
    event.preventDefault();
    area.classList.remove("over");
    const file = event.dataTransfer.files[0];
    if (file) area.value = await file.text();
  });
}
$("convert").addEventListener("click", convert);
$("diff").addEventListener("click", diff);
$("ninjs").addEventListener("click", toNinjs);
