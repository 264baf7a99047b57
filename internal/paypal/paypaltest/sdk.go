package paypaltest

import (
	"net/http"
	"strings"
)

// serveSDK serves GET /sdk/js with a test copy of the PayPal JS SDK that
// @paypal/react-paypal-js can load. It defines window.paypal with Buttons();
// the rendered "PayPal" button calls createOrder, then shows the approval
// step a test can click ("Pay with PayPal (test)" or "Cancel"), approves the
// order on this fake and calls onApprove, just as PayPal's popup would.
func serveSDK(w http.ResponseWriter, r *http.Request) {
	scheme := "http"
	if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
		scheme = "https"
	}
	origin := scheme + "://" + r.Host
	w.Header().Set("Content-Type", "application/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Access-Control-Allow-Origin", "*")
	_, _ = w.Write([]byte(strings.Replace(sdkJS, "__FAKE_ORIGIN__", origin, 1)))
}

const sdkJS = `/* Test copy of the PayPal JS SDK, served by bookshop's fake PayPal. Not for production. */
(function () {
  "use strict";
  var FAKE_ORIGIN = "__FAKE_ORIGIN__";
  var namespace = "paypal";
  var script = document.currentScript;
  if (script && script.getAttribute("data-namespace")) namespace = script.getAttribute("data-namespace");

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text) e.textContent = text;
    return e;
  }

  function Buttons(options) {
    options = options || {};
    var root = null;
    var closed = false;
    var enabled = true;
    var initActions = {
      enable: function () { enabled = true; return Promise.resolve(); },
      disable: function () { enabled = false; return Promise.resolve(); }
    };

    function call(name, data, actions) {
      var fn = options[name];
      return typeof fn === "function" ? fn(data, actions) : undefined;
    }

    function reportError(err) {
      if (typeof options.onError === "function") options.onError(err instanceof Error ? err : new Error(String(err)));
      else console.error("fake paypal:", err);
    }

    function showButton() {
      if (!root) return;
      root.innerHTML = "";
      var btn = el("button", { type: "button", "aria-label": "PayPal", "data-testid": "fake-paypal-button",
        style: "width:100%;padding:10px;border-radius:4px;border:0;background:#ffc439;color:#111;font-weight:bold;cursor:pointer" }, "PayPal");
      btn.addEventListener("click", function () { if (enabled) start(); });
      root.appendChild(btn);
    }

    function showApproval(orderID) {
      if (!root) return;
      root.innerHTML = "";
      var box = el("div", { role: "dialog", "aria-label": "PayPal test checkout",
        style: "border:1px solid #ccc;border-radius:4px;padding:10px;display:flex;flex-direction:column;gap:8px" });
      box.appendChild(el("p", {}, "PayPal test checkout for order " + orderID + ". No real money moves."));
      var pay = el("button", { type: "button", style: "padding:8px;background:#0070ba;color:#fff;border:0;border-radius:4px;cursor:pointer" }, "Pay with PayPal (test)");
      var cancel = el("button", { type: "button", style: "padding:8px;cursor:pointer" }, "Cancel");
      pay.addEventListener("click", function () { approve(orderID); });
      cancel.addEventListener("click", function () {
        showButton();
        Promise.resolve(call("onCancel", { orderID: orderID })).catch(reportError);
      });
      box.appendChild(pay);
      box.appendChild(cancel);
      root.appendChild(box);
    }

    function start() {
      var clickActions = { resolve: function () { return Promise.resolve(true); }, reject: function () { return Promise.resolve(false); } };
      Promise.resolve(call("onClick", { fundingSource: "paypal" }, clickActions))
        .then(function (ok) {
          if (ok === false) return;
          if (typeof options.createOrder !== "function") throw new Error("createOrder is required by the fake PayPal SDK");
          return Promise.resolve(options.createOrder({ paymentSource: "paypal" }, {})).then(function (orderID) {
            if (!orderID) throw new Error("Expected an order id to be passed");
            if (!closed) showApproval(String(orderID));
          });
        })
        .catch(function (err) { showButton(); reportError(err); });
    }

    function approve(orderID) {
      if (root) root.innerHTML = "<p>Processing payment…</p>";
      var actions = {
        restart: function () { showButton(); start(); return Promise.resolve(); },
        order: {
          get: function () { return Promise.resolve({ id: orderID, status: "APPROVED" }); },
          capture: function () { return Promise.reject(new Error("The fake PayPal SDK captures on the server only")); }
        }
      };
      fetch(FAKE_ORIGIN + "/test/orders/" + encodeURIComponent(orderID) + "/approve", { method: "POST" })
        .then(function (res) { if (!res.ok) throw new Error("fake PayPal could not approve order " + orderID); })
        .then(function () {
          return call("onApprove", { orderID: orderID, payerID: "FAKEPAYER", paymentSource: "paypal", facilitatorAccessToken: "fake" }, actions);
        })
        .then(function () { if (!closed) showButton(); })
        .catch(function (err) { showButton(); reportError(err); });
    }

    return {
      isEligible: function () { return true; },
      render: function (container) {
        var target = typeof container === "string" ? document.querySelector(container) : container;
        if (!target) return Promise.reject(new Error("Document is ready and element " + container + " does not exist"));
        root = el("div", { "class": "fake-paypal-buttons" });
        target.appendChild(root);
        showButton();
        Promise.resolve(call("onInit", {}, initActions)).catch(reportError);
        return Promise.resolve();
      },
      close: function () {
        closed = true;
        if (root && root.parentNode) root.parentNode.removeChild(root);
        root = null;
        return Promise.resolve();
      },
      updateProps: function (props) {
        Object.keys(props || {}).forEach(function (k) { if (props[k] !== undefined) options[k] = props[k]; });
        return Promise.resolve();
      },
      hasReturned: function () { return false; },
      resume: function () {}
    };
  }

  window[namespace] = {
    version: "5.0.500",
    Buttons: Buttons,
    FUNDING: { PAYPAL: "paypal", CARD: "card", VENMO: "venmo", PAYLATER: "paylater", CREDIT: "credit" },
    getFundingSources: function () { return ["paypal"]; },
    isFundingEligible: function (source) { return source === "paypal"; }
  };
})();
`
