import { ssrRenderAttrs, ssrRenderSlot, ssrInterpolate, ssrRenderAttr, ssrRenderList, ssrRenderComponent, ssrRenderVNode, ssrRenderClass, renderToString } from "vue/server-renderer";
import { defineComponent, mergeProps, useSSRContext, getCurrentInstance, hasInjectionContext, inject, watch, getCurrentScope, onScopeDispose, onMounted, nextTick, isRef, toValue, toRef as toRef$1, readonly, customRef, ref, shallowRef, watchEffect, computed, unref, reactive, onUnmounted, markRaw, h, watchPostEffect, onUpdated, resolveComponent, createVNode, resolveDynamicComponent, withCtx, renderSlot, createTextVNode, toDisplayString, openBlock, createBlock, createCommentVNode, Fragment, renderList, defineAsyncComponent, provide, toHandlers, withKeys, onBeforeUnmount, useSlots, createSSRApp } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const _sfc_main$14 = /* @__PURE__ */ defineComponent({
  __name: "VPBadge",
  __ssrInlineRender: true,
  props: {
    text: {},
    type: { default: "tip" }
  },
  setup(__props) {
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<span${ssrRenderAttrs(mergeProps({
        class: ["VPBadge", __props.type]
      }, _attrs))}>`);
      ssrRenderSlot(_ctx.$slots, "default", {}, () => {
        _push(`${ssrInterpolate(__props.text)}`);
      }, _push, _parent);
      _push(`</span>`);
    };
  }
});
const _sfc_setup$14 = _sfc_main$14.setup;
_sfc_main$14.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPBadge.vue");
  return _sfc_setup$14 ? _sfc_setup$14(props, ctx) : void 0;
};
function deserializeFunctions(r) {
  return Array.isArray(r) ? r.map(deserializeFunctions) : typeof r == "object" && r !== null ? Object.keys(r).reduce((t, n) => (t[n] = deserializeFunctions(r[n]), t), {}) : typeof r == "string" && r.startsWith("_vp-fn_") ? new Function(`return ${r.slice(7)}`)() : r;
}
const siteData = deserializeFunctions(JSON.parse('{"lang":"en-US","dir":"ltr","title":"Opkit","description":"Kubernetes operators in TypeScript","base":"/","head":[],"router":{"prefetchLinks":true},"appearance":true,"themeConfig":{"nav":[{"text":"Guide","link":"/guide/install"},{"text":"Coming from Kopf","link":"/kopf"},{"text":"Examples","link":"/examples/"},{"text":"API","link":"/api/"}],"sidebar":{"/api/":[{"text":"API reference","link":"/api/"},{"text":"@opkit/apiserver","link":"/api/@opkit/apiserver/","collapsed":true,"items":[{"text":"Classes","collapsed":true,"items":[{"text":"ApiServerError","link":"/api/@opkit/apiserver/classes/ApiServerError.md"}]},{"text":"Interfaces","collapsed":true,"items":[{"text":"ApiServer","link":"/api/@opkit/apiserver/interfaces/ApiServer.md"},{"text":"ApiServerCliOptions","link":"/api/@opkit/apiserver/interfaces/ApiServerCliOptions.md"},{"text":"ApiServerOptions","link":"/api/@opkit/apiserver/interfaces/ApiServerOptions.md"},{"text":"ApiServerStats","link":"/api/@opkit/apiserver/interfaces/ApiServerStats.md"},{"text":"AuditRecord","link":"/api/@opkit/apiserver/interfaces/AuditRecord.md"},{"text":"FaultControl","link":"/api/@opkit/apiserver/interfaces/FaultControl.md"},{"text":"FaultCounts","link":"/api/@opkit/apiserver/interfaces/FaultCounts.md"},{"text":"FaultRule","link":"/api/@opkit/apiserver/interfaces/FaultRule.md"},{"text":"FaultSpec","link":"/api/@opkit/apiserver/interfaces/FaultSpec.md"},{"text":"GrantedRule","link":"/api/@opkit/apiserver/interfaces/GrantedRule.md"},{"text":"KubeconfigRequest","link":"/api/@opkit/apiserver/interfaces/KubeconfigRequest.md"},{"text":"NonResourceAttributes","link":"/api/@opkit/apiserver/interfaces/NonResourceAttributes.md"},{"text":"PolicyRule","link":"/api/@opkit/apiserver/interfaces/PolicyRule.md"},{"text":"RbacBinding","link":"/api/@opkit/apiserver/interfaces/RbacBinding.md"},{"text":"RbacObjectMeta","link":"/api/@opkit/apiserver/interfaces/RbacObjectMeta.md"},{"text":"RbacPolicy","link":"/api/@opkit/apiserver/interfaces/RbacPolicy.md"},{"text":"RbacRole","link":"/api/@opkit/apiserver/interfaces/RbacRole.md"},{"text":"RbacSubject","link":"/api/@opkit/apiserver/interfaces/RbacSubject.md"},{"text":"ResolvedRules","link":"/api/@opkit/apiserver/interfaces/ResolvedRules.md"},{"text":"ResourceAttributes","link":"/api/@opkit/apiserver/interfaces/ResourceAttributes.md"},{"text":"RoleRef","link":"/api/@opkit/apiserver/interfaces/RoleRef.md"},{"text":"UserInfo","link":"/api/@opkit/apiserver/interfaces/UserInfo.md"},{"text":"WatchBacklog","link":"/api/@opkit/apiserver/interfaces/WatchBacklog.md"}]},{"text":"Type Aliases","collapsed":true,"items":[{"text":"ApiServerCliParse","link":"/api/@opkit/apiserver/type-aliases/ApiServerCliParse.md"},{"text":"ApiServerErrorCode","link":"/api/@opkit/apiserver/type-aliases/ApiServerErrorCode.md"},{"text":"AuthorizationDecision","link":"/api/@opkit/apiserver/type-aliases/AuthorizationDecision.md"},{"text":"AuthorizationMode","link":"/api/@opkit/apiserver/type-aliases/AuthorizationMode.md"},{"text":"FaultRuleCode","link":"/api/@opkit/apiserver/type-aliases/FaultRuleCode.md"},{"text":"RequestAttributes","link":"/api/@opkit/apiserver/type-aliases/RequestAttributes.md"}]},{"text":"Variables","collapsed":true,"items":[{"text":"API_SERVER_USAGE","link":"/api/@opkit/apiserver/variables/API_SERVER_USAGE.md"},{"text":"DEFAULT_RBAC_OBJECTS","link":"/api/@opkit/apiserver/variables/DEFAULT_RBAC_OBJECTS.md"},{"text":"DEFAULT_RBAC_POLICY","link":"/api/@opkit/apiserver/variables/DEFAULT_RBAC_POLICY.md"},{"text":"SERVICE_ACCOUNT_ISSUER","link":"/api/@opkit/apiserver/variables/SERVICE_ACCOUNT_ISSUER.md"}]},{"text":"Functions","collapsed":true,"items":[{"text":"attributesOf","link":"/api/@opkit/apiserver/functions/attributesOf.md"},{"text":"authorize","link":"/api/@opkit/apiserver/functions/authorize.md"},{"text":"describeRequest","link":"/api/@opkit/apiserver/functions/describeRequest.md"},{"text":"forbiddenMessage","link":"/api/@opkit/apiserver/functions/forbiddenMessage.md"},{"text":"mergeRbacPolicies","link":"/api/@opkit/apiserver/functions/mergeRbacPolicies.md"},{"text":"parseApiServerArgs","link":"/api/@opkit/apiserver/functions/parseApiServerArgs.md"},{"text":"parseFaultSpec","link":"/api/@opkit/apiserver/functions/parseFaultSpec.md"},{"text":"parseServiceAccountUser","link":"/api/@opkit/apiserver/functions/parseServiceAccountUser.md"},{"text":"rbacPolicyOf","link":"/api/@opkit/apiserver/functions/rbacPolicyOf.md"},{"text":"requestAttributes","link":"/api/@opkit/apiserver/functions/requestAttributes.md"},{"text":"ruleAllows","link":"/api/@opkit/apiserver/functions/ruleAllows.md"},{"text":"rulesFor","link":"/api/@opkit/apiserver/functions/rulesFor.md"},{"text":"runApiServerCommand","link":"/api/@opkit/apiserver/functions/runApiServerCommand.md"},{"text":"serviceAccountUser","link":"/api/@opkit/apiserver/functions/serviceAccountUser.md"},{"text":"startApiServer","link":"/api/@opkit/apiserver/functions/startApiServer.md"},{"text":"userInfoOf","link":"/api/@opkit/apiserver/functions/userInfoOf.md"}]}]},{"text":"@opkit/core","link":"/api/@opkit/core/","collapsed":true,"items":[{"text":"Classes","collapsed":true,"items":[{"text":"AdmissionError","link":"/api/@opkit/core/classes/AdmissionError.md"},{"text":"AdmissionReviewError","link":"/api/@opkit/core/classes/AdmissionReviewError.md"},{"text":"AdoptionError","link":"/api/@opkit/core/classes/AdoptionError.md"},{"text":"EventPoster","link":"/api/@opkit/core/classes/EventPoster.md"},{"text":"HandlerClient","link":"/api/@opkit/core/classes/HandlerClient.md"},{"text":"HandlerRegistrationError","link":"/api/@opkit/core/classes/HandlerRegistrationError.md"},{"text":"HandlerRetriesError","link":"/api/@opkit/core/classes/HandlerRetriesError.md"},{"text":"HandlerScopeError","link":"/api/@opkit/core/classes/HandlerScopeError.md"},{"text":"HandlerTimeoutError","link":"/api/@opkit/core/classes/HandlerTimeoutError.md"},{"text":"Operator","link":"/api/@opkit/core/classes/Operator.md"},{"text":"OperatorError","link":"/api/@opkit/core/classes/OperatorError.md"},{"text":"OperatorIndex","link":"/api/@opkit/core/classes/OperatorIndex.md"},{"text":"PermanentError","link":"/api/@opkit/core/classes/PermanentError.md"},{"text":"Registry","link":"/api/@opkit/core/classes/Registry.md"},{"text":"TemporaryError","link":"/api/@opkit/core/classes/TemporaryError.md"}]},{"text":"Interfaces","collapsed":true,"items":[{"text":"ActivityContext","link":"/api/@opkit/core/interfaces/ActivityContext.md"},{"text":"ActivityHandler","link":"/api/@opkit/core/interfaces/ActivityHandler.md"},{"text":"AdmissionContext","link":"/api/@opkit/core/interfaces/AdmissionContext.md"},{"text":"AdmissionErrorOptions","link":"/api/@opkit/core/interfaces/AdmissionErrorOptions.md"},{"text":"AdmissionHandler","link":"/api/@opkit/core/interfaces/AdmissionHandler.md"},{"text":"AdmissionPart","link":"/api/@opkit/core/interfaces/AdmissionPart.md"},{"text":"AdmissionReviewRequest","link":"/api/@opkit/core/interfaces/AdmissionReviewRequest.md"},{"text":"AdmissionReviewResponse","link":"/api/@opkit/core/interfaces/AdmissionReviewResponse.md"},{"text":"AdmissionServerSettings","link":"/api/@opkit/core/interfaces/AdmissionServerSettings.md"},{"text":"AdmissionSettings","link":"/api/@opkit/core/interfaces/AdmissionSettings.md"},{"text":"AdmissionUserInfo","link":"/api/@opkit/core/interfaces/AdmissionUserInfo.md"},{"text":"BackgroundSettings","link":"/api/@opkit/core/interfaces/BackgroundSettings.md"},{"text":"Clock","link":"/api/@opkit/core/interfaces/Clock.md"},{"text":"ConnectionInfo","link":"/api/@opkit/core/interfaces/ConnectionInfo.md"},{"text":"Coordination","link":"/api/@opkit/core/interfaces/Coordination.md"},{"text":"CreateOrAdoptOptions","link":"/api/@opkit/core/interfaces/CreateOrAdoptOptions.md"},{"text":"DaemonStopped","link":"/api/@opkit/core/interfaces/DaemonStopped.md"},{"text":"DependencyContainer","link":"/api/@opkit/core/interfaces/DependencyContainer.md"},{"text":"DiffItem","link":"/api/@opkit/core/interfaces/DiffItem.md"},{"text":"EventOptions","link":"/api/@opkit/core/interfaces/EventOptions.md"},{"text":"EventSink","link":"/api/@opkit/core/interfaces/EventSink.md"},{"text":"ExceptionEventOptions","link":"/api/@opkit/core/interfaces/ExceptionEventOptions.md"},{"text":"ExecutionSettings","link":"/api/@opkit/core/interfaces/ExecutionSettings.md"},{"text":"FeedObjectRef","link":"/api/@opkit/core/interfaces/FeedObjectRef.md"},{"text":"FeedPeer","link":"/api/@opkit/core/interfaces/FeedPeer.md"},{"text":"HandlerClientDefaults","link":"/api/@opkit/core/interfaces/HandlerClientDefaults.md"},{"text":"HandlerContext","link":"/api/@opkit/core/interfaces/HandlerContext.md"},{"text":"HandlerEvent","link":"/api/@opkit/core/interfaces/HandlerEvent.md"},{"text":"HandlerListOptions","link":"/api/@opkit/core/interfaces/HandlerListOptions.md"},{"text":"HandlerObjectOptions","link":"/api/@opkit/core/interfaces/HandlerObjectOptions.md"},{"text":"HandlerPatch","link":"/api/@opkit/core/interfaces/HandlerPatch.md"},{"text":"LoadedOperator","link":"/api/@opkit/core/interfaces/LoadedOperator.md"},{"text":"Logger","link":"/api/@opkit/core/interfaces/Logger.md"},{"text":"LoggerOptions","link":"/api/@opkit/core/interfaces/LoggerOptions.md"},{"text":"LogObjectRef","link":"/api/@opkit/core/interfaces/LogObjectRef.md"},{"text":"LogRecord","link":"/api/@opkit/core/interfaces/LogRecord.md"},{"text":"ObjectReference","link":"/api/@opkit/core/interfaces/ObjectReference.md"},{"text":"On","link":"/api/@opkit/core/interfaces/On.md"},{"text":"OperatorOptions","link":"/api/@opkit/core/interfaces/OperatorOptions.md"},{"text":"OperatorSettings","link":"/api/@opkit/core/interfaces/OperatorSettings.md"},{"text":"OwnerReference","link":"/api/@opkit/core/interfaces/OwnerReference.md"},{"text":"PeeringSettings","link":"/api/@opkit/core/interfaces/PeeringSettings.md"},{"text":"PermissionNeed","link":"/api/@opkit/core/interfaces/PermissionNeed.md"},{"text":"PersistenceSettings","link":"/api/@opkit/core/interfaces/PersistenceSettings.md"},{"text":"PostingSettings","link":"/api/@opkit/core/interfaces/PostingSettings.md"},{"text":"ProcessSettings","link":"/api/@opkit/core/interfaces/ProcessSettings.md"},{"text":"QueueingSettings","link":"/api/@opkit/core/interfaces/QueueingSettings.md"},{"text":"RenderedWebhookConfiguration","link":"/api/@opkit/core/interfaces/RenderedWebhookConfiguration.md"},{"text":"ResourceHandler","link":"/api/@opkit/core/interfaces/ResourceHandler.md"},{"text":"ReviewAdmissionOptions","link":"/api/@opkit/core/interfaces/ReviewAdmissionOptions.md"},{"text":"RunningAdmission","link":"/api/@opkit/core/interfaces/RunningAdmission.md"},{"text":"Store","link":"/api/@opkit/core/interfaces/Store.md"},{"text":"WatchingSettings","link":"/api/@opkit/core/interfaces/WatchingSettings.md"},{"text":"WatchSource","link":"/api/@opkit/core/interfaces/WatchSource.md"},{"text":"WebhookService","link":"/api/@opkit/core/interfaces/WebhookService.md"}]},{"text":"Type Aliases","collapsed":true,"items":[{"text":"ActivityHandlerFn","link":"/api/@opkit/core/type-aliases/ActivityHandlerFn.md"},{"text":"ActivityHandlerOptions","link":"/api/@opkit/core/type-aliases/ActivityHandlerOptions.md"},{"text":"ActivityKind","link":"/api/@opkit/core/type-aliases/ActivityKind.md"},{"text":"AdmissionHandlerFn","link":"/api/@opkit/core/type-aliases/AdmissionHandlerFn.md"},{"text":"AdmissionHandlerKind","link":"/api/@opkit/core/type-aliases/AdmissionHandlerKind.md"},{"text":"AdmissionHandlerOptions","link":"/api/@opkit/core/type-aliases/AdmissionHandlerOptions.md"},{"text":"AdmissionOperation","link":"/api/@opkit/core/type-aliases/AdmissionOperation.md"},{"text":"BackgroundHandlerKind","link":"/api/@opkit/core/type-aliases/BackgroundHandlerKind.md"},{"text":"ChangeHandlerOptions","link":"/api/@opkit/core/type-aliases/ChangeHandlerOptions.md"},{"text":"ChangeReason","link":"/api/@opkit/core/type-aliases/ChangeReason.md"},{"text":"CycleQueueFactory","link":"/api/@opkit/core/type-aliases/CycleQueueFactory.md"},{"text":"DaemonContext","link":"/api/@opkit/core/type-aliases/DaemonContext.md"},{"text":"DaemonHandlerFn","link":"/api/@opkit/core/type-aliases/DaemonHandlerFn.md"},{"text":"DaemonHandlerOptions","link":"/api/@opkit/core/type-aliases/DaemonHandlerOptions.md"},{"text":"DaemonStoppingReason","link":"/api/@opkit/core/type-aliases/DaemonStoppingReason.md"},{"text":"DeleteHandlerOptions","link":"/api/@opkit/core/type-aliases/DeleteHandlerOptions.md"},{"text":"ErrorsMode","link":"/api/@opkit/core/type-aliases/ErrorsMode.md"},{"text":"EventHandlerOptions","link":"/api/@opkit/core/type-aliases/EventHandlerOptions.md"},{"text":"FeedEvent","link":"/api/@opkit/core/type-aliases/FeedEvent.md"},{"text":"FeedEventInput","link":"/api/@opkit/core/type-aliases/FeedEventInput.md"},{"text":"FeedHandlerOutcome","link":"/api/@opkit/core/type-aliases/FeedHandlerOutcome.md"},{"text":"HandlerSpec","link":"/api/@opkit/core/type-aliases/HandlerSpec.md"},{"text":"HandlerStatus","link":"/api/@opkit/core/type-aliases/HandlerStatus.md"},{"text":"Index","link":"/api/@opkit/core/type-aliases/Index-symbol.md"},{"text":"IndexHandlerOptions","link":"/api/@opkit/core/type-aliases/IndexHandlerOptions.md"},{"text":"Indices","link":"/api/@opkit/core/type-aliases/Indices.md"},{"text":"InitialDelay","link":"/api/@opkit/core/type-aliases/InitialDelay.md"},{"text":"LogFields","link":"/api/@opkit/core/type-aliases/LogFields.md"},{"text":"LogFormat","link":"/api/@opkit/core/type-aliases/LogFormat.md"},{"text":"LogLevel","link":"/api/@opkit/core/type-aliases/LogLevel.md"},{"text":"MetaFilter","link":"/api/@opkit/core/type-aliases/MetaFilter.md"},{"text":"OperatorErrorCode","link":"/api/@opkit/core/type-aliases/OperatorErrorCode.md"},{"text":"QueuedEvent","link":"/api/@opkit/core/type-aliases/QueuedEvent.md"},{"text":"ResourceHandlerFn","link":"/api/@opkit/core/type-aliases/ResourceHandlerFn.md"},{"text":"ResourceHandlerKind","link":"/api/@opkit/core/type-aliases/ResourceHandlerKind.md"},{"text":"ResumeHandlerOptions","link":"/api/@opkit/core/type-aliases/ResumeHandlerOptions.md"},{"text":"Selector","link":"/api/@opkit/core/type-aliases/Selector.md"},{"text":"SettingsInput","link":"/api/@opkit/core/type-aliases/SettingsInput.md"},{"text":"TimerHandlerOptions","link":"/api/@opkit/core/type-aliases/TimerHandlerOptions.md"},{"text":"TypedResourceBody","link":"/api/@opkit/core/type-aliases/TypedResourceBody.md"},{"text":"UpdateHandlerOptions","link":"/api/@opkit/core/type-aliases/UpdateHandlerOptions.md"},{"text":"ValueFilter","link":"/api/@opkit/core/type-aliases/ValueFilter.md"}]},{"text":"Variables","collapsed":true,"items":[{"text":"ABSENT","link":"/api/@opkit/core/variables/ABSENT.md"},{"text":"ADMISSION","link":"/api/@opkit/core/variables/ADMISSION.md"},{"text":"AUTO_MANAGED_NAME","link":"/api/@opkit/core/variables/AUTO_MANAGED_NAME.md"},{"text":"CLOCK","link":"/api/@opkit/core/variables/CLOCK.md"},{"text":"COORDINATION","link":"/api/@opkit/core/variables/COORDINATION.md"},{"text":"CYCLE_QUEUE","link":"/api/@opkit/core/variables/CYCLE_QUEUE.md"},{"text":"DAEMONS","link":"/api/@opkit/core/variables/DAEMONS.md"},{"text":"DIFFBASE_STORAGE","link":"/api/@opkit/core/variables/DIFFBASE_STORAGE.md"},{"text":"EVENT_SINK","link":"/api/@opkit/core/variables/EVENT_SINK.md"},{"text":"events","link":"/api/@opkit/core/variables/events.md"},{"text":"FEED","link":"/api/@opkit/core/variables/FEED.md"},{"text":"FEED_VERSION","link":"/api/@opkit/core/variables/FEED_VERSION.md"},{"text":"INDEXER","link":"/api/@opkit/core/variables/INDEXER.md"},{"text":"KUBE_CLIENT","link":"/api/@opkit/core/variables/KUBE_CLIENT.md"},{"text":"LOGGER","link":"/api/@opkit/core/variables/LOGGER.md"},{"text":"on","link":"/api/@opkit/core/variables/on.md"},{"text":"PRESENT","link":"/api/@opkit/core/variables/PRESENT.md"},{"text":"PROGRESS_STORAGE","link":"/api/@opkit/core/variables/PROGRESS_STORAGE.md"},{"text":"SETTINGS","link":"/api/@opkit/core/variables/SETTINGS.md"},{"text":"STORAGES","link":"/api/@opkit/core/variables/STORAGES.md"},{"text":"WATCH_SOURCE","link":"/api/@opkit/core/variables/WATCH_SOURCE.md"}]},{"text":"Functions","collapsed":true,"items":[{"text":"adjustNamespace","link":"/api/@opkit/core/functions/adjustNamespace.md"},{"text":"adopt","link":"/api/@opkit/core/functions/adopt.md"},{"text":"appendOwnerReference","link":"/api/@opkit/core/functions/appendOwnerReference.md"},{"text":"buildObjectReference","link":"/api/@opkit/core/functions/buildObjectReference.md"},{"text":"buildOwnerReference","link":"/api/@opkit/core/functions/buildOwnerReference.md"},{"text":"certManagerTarget","link":"/api/@opkit/core/functions/certManagerTarget.md"},{"text":"createLogger","link":"/api/@opkit/core/functions/createLogger.md"},{"text":"currentContext","link":"/api/@opkit/core/functions/currentContext.md"},{"text":"defaultRegistry","link":"/api/@opkit/core/functions/defaultRegistry.md"},{"text":"describeSelector","link":"/api/@opkit/core/functions/describeSelector.md"},{"text":"harmonizeNaming","link":"/api/@opkit/core/functions/harmonizeNaming.md"},{"text":"label","link":"/api/@opkit/core/functions/label.md"},{"text":"loadOperator","link":"/api/@opkit/core/functions/loadOperator.md"},{"text":"loginWithKubeconfig","link":"/api/@opkit/core/functions/loginWithKubeconfig.md"},{"text":"needs","link":"/api/@opkit/core/functions/needs.md"},{"text":"objectLogger","link":"/api/@opkit/core/functions/objectLogger.md"},{"text":"objectPrefix","link":"/api/@opkit/core/functions/objectPrefix.md"},{"text":"objectRef","link":"/api/@opkit/core/functions/objectRef.md"},{"text":"operator","link":"/api/@opkit/core/functions/operator.md"},{"text":"owns","link":"/api/@opkit/core/functions/owns.md"},{"text":"postingLogger","link":"/api/@opkit/core/functions/postingLogger.md"},{"text":"removeOwnerReference","link":"/api/@opkit/core/functions/removeOwnerReference.md"},{"text":"renderWebhookConfigurations","link":"/api/@opkit/core/functions/renderWebhookConfigurations.md"},{"text":"resolvableSelector","link":"/api/@opkit/core/functions/resolvableSelector.md"},{"text":"resolveSettings","link":"/api/@opkit/core/functions/resolveSettings.md"},{"text":"reviewAdmission","link":"/api/@opkit/core/functions/reviewAdmission.md"},{"text":"serviceDnsNames","link":"/api/@opkit/core/functions/serviceDnsNames.md"},{"text":"setDefaultRegistry","link":"/api/@opkit/core/functions/setDefaultRegistry.md"},{"text":"subhandler","link":"/api/@opkit/core/functions/subhandler.md"},{"text":"toWatchSettings","link":"/api/@opkit/core/functions/toWatchSettings.md"}]}]},{"text":"@opkit/daemons","link":"/api/@opkit/daemons/","collapsed":true,"items":[{"text":"Classes","collapsed":true,"items":[{"text":"Daemons","link":"/api/@opkit/daemons/classes/Daemons.md"},{"text":"DaemonsError","link":"/api/@opkit/daemons/classes/DaemonsError.md"},{"text":"DaemonStopper","link":"/api/@opkit/daemons/classes/DaemonStopper.md"},{"text":"ObjectDaemons","link":"/api/@opkit/daemons/classes/ObjectDaemons.md"},{"text":"Scheduler","link":"/api/@opkit/daemons/classes/Scheduler.md"}]},{"text":"Interfaces","collapsed":true,"items":[{"text":"AttemptTarget","link":"/api/@opkit/daemons/interfaces/AttemptTarget.md"},{"text":"BackgroundDeps","link":"/api/@opkit/daemons/interfaces/BackgroundDeps.md"},{"text":"BackgroundInput","link":"/api/@opkit/daemons/interfaces/BackgroundInput.md"},{"text":"BackgroundMemory","link":"/api/@opkit/daemons/interfaces/BackgroundMemory.md"},{"text":"BackgroundSettings","link":"/api/@opkit/daemons/interfaces/BackgroundSettings.md"},{"text":"DaemonInvocation","link":"/api/@opkit/daemons/interfaces/DaemonInvocation.md"},{"text":"DaemonsOptions","link":"/api/@opkit/daemons/interfaces/DaemonsOptions.md"},{"text":"DaemonsStats","link":"/api/@opkit/daemons/interfaces/DaemonsStats.md"},{"text":"ObjectDaemonsOptions","link":"/api/@opkit/daemons/interfaces/ObjectDaemonsOptions.md"},{"text":"ReconcileOptions","link":"/api/@opkit/daemons/interfaces/ReconcileOptions.md"},{"text":"ReconcileResult","link":"/api/@opkit/daemons/interfaces/ReconcileResult.md"},{"text":"ScheduledEntry","link":"/api/@opkit/daemons/interfaces/ScheduledEntry.md"},{"text":"SchedulerOptions","link":"/api/@opkit/daemons/interfaces/SchedulerOptions.md"}]},{"text":"Type Aliases","collapsed":true,"items":[{"text":"AttemptPatch","link":"/api/@opkit/daemons/type-aliases/AttemptPatch.md"},{"text":"DaemonEvent","link":"/api/@opkit/daemons/type-aliases/DaemonEvent.md"},{"text":"DaemonInvoke","link":"/api/@opkit/daemons/type-aliases/DaemonInvoke.md"},{"text":"DaemonsErrorCode","link":"/api/@opkit/daemons/type-aliases/DaemonsErrorCode.md"}]},{"text":"Functions","collapsed":true,"items":[{"text":"plainPatch","link":"/api/@opkit/daemons/functions/plainPatch.md"},{"text":"reconcileBackground","link":"/api/@opkit/daemons/functions/reconcileBackground.md"},{"text":"resolveBackgroundSettings","link":"/api/@opkit/daemons/functions/resolveBackgroundSettings.md"},{"text":"wasCancelled","link":"/api/@opkit/daemons/functions/wasCancelled.md"}]}]},{"text":"@opkit/handlers","link":"/api/@opkit/handlers/","collapsed":true,"items":[{"text":"Classes","collapsed":true,"items":[{"text":"AdmissionError","link":"/api/@opkit/handlers/classes/AdmissionError.md"},{"text":"AdmissionReviewError","link":"/api/@opkit/handlers/classes/AdmissionReviewError.md"},{"text":"AdoptionError","link":"/api/@opkit/handlers/classes/AdoptionError.md"},{"text":"EventPoster","link":"/api/@opkit/handlers/classes/EventPoster.md"},{"text":"HandlerClient","link":"/api/@opkit/handlers/classes/HandlerClient.md"},{"text":"HandlerRegistrationError","link":"/api/@opkit/handlers/classes/HandlerRegistrationError.md"},{"text":"HandlerRetriesError","link":"/api/@opkit/handlers/classes/HandlerRetriesError.md"},{"text":"HandlerScopeError","link":"/api/@opkit/handlers/classes/HandlerScopeError.md"},{"text":"HandlerTimeoutError","link":"/api/@opkit/handlers/classes/HandlerTimeoutError.md"},{"text":"Indexer","link":"/api/@opkit/handlers/classes/Indexer.md"},{"text":"OperatorError","link":"/api/@opkit/handlers/classes/OperatorError.md"},{"text":"OperatorIndex","link":"/api/@opkit/handlers/classes/OperatorIndex.md"},{"text":"PermanentError","link":"/api/@opkit/handlers/classes/PermanentError.md"},{"text":"Registry","link":"/api/@opkit/handlers/classes/Registry.md"},{"text":"TemporaryError","link":"/api/@opkit/handlers/classes/TemporaryError.md"}]},{"text":"Interfaces","collapsed":true,"items":[{"text":"ActivityContext","link":"/api/@opkit/handlers/interfaces/ActivityContext.md"},{"text":"ActivityDeps","link":"/api/@opkit/handlers/interfaces/ActivityDeps.md"},{"text":"ActivityHandler","link":"/api/@opkit/handlers/interfaces/ActivityHandler.md"},{"text":"AdmissionContext","link":"/api/@opkit/handlers/interfaces/AdmissionContext.md"},{"text":"AdmissionErrorOptions","link":"/api/@opkit/handlers/interfaces/AdmissionErrorOptions.md"},{"text":"AdmissionHandler","link":"/api/@opkit/handlers/interfaces/AdmissionHandler.md"},{"text":"AdmissionRequest","link":"/api/@opkit/handlers/interfaces/AdmissionRequest.md"},{"text":"AdmissionResponse","link":"/api/@opkit/handlers/interfaces/AdmissionResponse.md"},{"text":"AdmissionReviewRequest","link":"/api/@opkit/handlers/interfaces/AdmissionReviewRequest.md"},{"text":"AdmissionReviewResponse","link":"/api/@opkit/handlers/interfaces/AdmissionReviewResponse.md"},{"text":"AdmissionUserInfo","link":"/api/@opkit/handlers/interfaces/AdmissionUserInfo.md"},{"text":"BaseOptions","link":"/api/@opkit/handlers/interfaces/BaseOptions.md"},{"text":"CreateOrAdoptOptions","link":"/api/@opkit/handlers/interfaces/CreateOrAdoptOptions.md"},{"text":"DaemonStopped","link":"/api/@opkit/handlers/interfaces/DaemonStopped.md"},{"text":"DiffItem","link":"/api/@opkit/handlers/interfaces/DiffItem.md"},{"text":"EventOptions","link":"/api/@opkit/handlers/interfaces/EventOptions.md"},{"text":"EventSink","link":"/api/@opkit/handlers/interfaces/EventSink.md"},{"text":"ExceptionEventOptions","link":"/api/@opkit/handlers/interfaces/ExceptionEventOptions.md"},{"text":"FeedObjectRef","link":"/api/@opkit/handlers/interfaces/FeedObjectRef.md"},{"text":"FeedPeer","link":"/api/@opkit/handlers/interfaces/FeedPeer.md"},{"text":"FilterInput","link":"/api/@opkit/handlers/interfaces/FilterInput.md"},{"text":"FilterOptions","link":"/api/@opkit/handlers/interfaces/FilterOptions.md"},{"text":"GroupedHandlers","link":"/api/@opkit/handlers/interfaces/GroupedHandlers.md"},{"text":"HandlerClientDefaults","link":"/api/@opkit/handlers/interfaces/HandlerClientDefaults.md"},{"text":"HandlerContext","link":"/api/@opkit/handlers/interfaces/HandlerContext.md"},{"text":"HandlerEvent","link":"/api/@opkit/handlers/interfaces/HandlerEvent.md"},{"text":"HandlerFilters","link":"/api/@opkit/handlers/interfaces/HandlerFilters.md"},{"text":"HandlerListOptions","link":"/api/@opkit/handlers/interfaces/HandlerListOptions.md"},{"text":"HandlerObjectOptions","link":"/api/@opkit/handlers/interfaces/HandlerObjectOptions.md"},{"text":"HandlerPatch","link":"/api/@opkit/handlers/interfaces/HandlerPatch.md"},{"text":"HandlerScope","link":"/api/@opkit/handlers/interfaces/HandlerScope.md"},{"text":"IndexerInput","link":"/api/@opkit/handlers/interfaces/IndexerInput.md"},{"text":"IndexerOptions","link":"/api/@opkit/handlers/interfaces/IndexerOptions.md"},{"text":"IndexingDeps","link":"/api/@opkit/handlers/interfaces/IndexingDeps.md"},{"text":"InvokeOptions","link":"/api/@opkit/handlers/interfaces/InvokeOptions.md"},{"text":"LoadedOperator","link":"/api/@opkit/handlers/interfaces/LoadedOperator.md"},{"text":"LoggerOptions","link":"/api/@opkit/handlers/interfaces/LoggerOptions.md"},{"text":"LogObjectRef","link":"/api/@opkit/handlers/interfaces/LogObjectRef.md"},{"text":"LogRecord","link":"/api/@opkit/handlers/interfaces/LogRecord.md"},{"text":"ObjectReference","link":"/api/@opkit/handlers/interfaces/ObjectReference.md"},{"text":"On","link":"/api/@opkit/handlers/interfaces/On.md"},{"text":"OutcomeReport","link":"/api/@opkit/handlers/interfaces/OutcomeReport.md"},{"text":"OwnerReference","link":"/api/@opkit/handlers/interfaces/OwnerReference.md"},{"text":"PermissionNeed","link":"/api/@opkit/handlers/interfaces/PermissionNeed.md"},{"text":"PostingSettings","link":"/api/@opkit/handlers/interfaces/PostingSettings.md"},{"text":"ResourceHandler","link":"/api/@opkit/handlers/interfaces/ResourceHandler.md"},{"text":"RetryOptions","link":"/api/@opkit/handlers/interfaces/RetryOptions.md"},{"text":"ReviewAdmissionOptions","link":"/api/@opkit/handlers/interfaces/ReviewAdmissionOptions.md"},{"text":"SelectionCause","link":"/api/@opkit/handlers/interfaces/SelectionCause.md"},{"text":"SpyDeps","link":"/api/@opkit/handlers/interfaces/SpyDeps.md"},{"text":"SpyInput","link":"/api/@opkit/handlers/interfaces/SpyInput.md"},{"text":"Store","link":"/api/@opkit/handlers/interfaces/Store.md"},{"text":"TemporaryErrorOptions","link":"/api/@opkit/handlers/interfaces/TemporaryErrorOptions.md"},{"text":"UnstorableResult","link":"/api/@opkit/handlers/interfaces/UnstorableResult.md"}]},{"text":"Type Aliases","collapsed":true,"items":[{"text":"ActivityHandlerFn","link":"/api/@opkit/handlers/type-aliases/ActivityHandlerFn.md"},{"text":"ActivityHandlerOptions","link":"/api/@opkit/handlers/type-aliases/ActivityHandlerOptions.md"},{"text":"ActivityKind","link":"/api/@opkit/handlers/type-aliases/ActivityKind.md"},{"text":"AdmissionHandlerFn","link":"/api/@opkit/handlers/type-aliases/AdmissionHandlerFn.md"},{"text":"AdmissionHandlerKind","link":"/api/@opkit/handlers/type-aliases/AdmissionHandlerKind.md"},{"text":"AdmissionHandlerOptions","link":"/api/@opkit/handlers/type-aliases/AdmissionHandlerOptions.md"},{"text":"AdmissionOperation","link":"/api/@opkit/handlers/type-aliases/AdmissionOperation.md"},{"text":"AdmissionReviewErrorCode","link":"/api/@opkit/handlers/type-aliases/AdmissionReviewErrorCode.md"},{"text":"AdmissionSubresource","link":"/api/@opkit/handlers/type-aliases/AdmissionSubresource.md"},{"text":"AttemptFeedBase","link":"/api/@opkit/handlers/type-aliases/AttemptFeedBase.md"},{"text":"BackgroundHandlerKind","link":"/api/@opkit/handlers/type-aliases/BackgroundHandlerKind.md"},{"text":"ChangeHandlerOptions","link":"/api/@opkit/handlers/type-aliases/ChangeHandlerOptions.md"},{"text":"ChangeReason","link":"/api/@opkit/handlers/type-aliases/ChangeReason.md"},{"text":"ChildObject","link":"/api/@opkit/handlers/type-aliases/ChildObject.md"},{"text":"DaemonContext","link":"/api/@opkit/handlers/type-aliases/DaemonContext.md"},{"text":"DaemonHandlerFn","link":"/api/@opkit/handlers/type-aliases/DaemonHandlerFn.md"},{"text":"DaemonHandlerOptions","link":"/api/@opkit/handlers/type-aliases/DaemonHandlerOptions.md"},{"text":"DaemonStoppingReason","link":"/api/@opkit/handlers/type-aliases/DaemonStoppingReason.md"},{"text":"DeleteHandlerOptions","link":"/api/@opkit/handlers/type-aliases/DeleteHandlerOptions.md"},{"text":"ErrorsMode","link":"/api/@opkit/handlers/type-aliases/ErrorsMode.md"},{"text":"EventHandlerOptions","link":"/api/@opkit/handlers/type-aliases/EventHandlerOptions.md"},{"text":"FeedEvent","link":"/api/@opkit/handlers/type-aliases/FeedEvent.md"},{"text":"FeedEventInput","link":"/api/@opkit/handlers/type-aliases/FeedEventInput.md"},{"text":"FeedHandlerOutcome","link":"/api/@opkit/handlers/type-aliases/FeedHandlerOutcome.md"},{"text":"FieldPath","link":"/api/@opkit/handlers/type-aliases/FieldPath.md"},{"text":"FilterContext","link":"/api/@opkit/handlers/type-aliases/FilterContext.md"},{"text":"HandlerErrorCode","link":"/api/@opkit/handlers/type-aliases/HandlerErrorCode.md"},{"text":"HandlerSpec","link":"/api/@opkit/handlers/type-aliases/HandlerSpec.md"},{"text":"HandlerStatus","link":"/api/@opkit/handlers/type-aliases/HandlerStatus.md"},{"text":"Index","link":"/api/@opkit/handlers/type-aliases/Index-symbol.md"},{"text":"IndexerInvoke","link":"/api/@opkit/handlers/type-aliases/IndexerInvoke.md"},{"text":"IndexHandlerOptions","link":"/api/@opkit/handlers/type-aliases/IndexHandlerOptions.md"},{"text":"Indices","link":"/api/@opkit/handlers/type-aliases/Indices.md"},{"text":"InitialDelay","link":"/api/@opkit/handlers/type-aliases/InitialDelay.md"},{"text":"InvocationOutcome","link":"/api/@opkit/handlers/type-aliases/InvocationOutcome.md"},{"text":"LogFormat","link":"/api/@opkit/handlers/type-aliases/LogFormat.md"},{"text":"LogLevel","link":"/api/@opkit/handlers/type-aliases/LogLevel.md"},{"text":"MetaFilter","link":"/api/@opkit/handlers/type-aliases/MetaFilter.md"},{"text":"OperatorErrorCode","link":"/api/@opkit/handlers/type-aliases/OperatorErrorCode.md"},{"text":"OperatorIndices","link":"/api/@opkit/handlers/type-aliases/OperatorIndices.md"},{"text":"ResourceHandlerFn","link":"/api/@opkit/handlers/type-aliases/ResourceHandlerFn.md"},{"text":"ResourceHandlerKind","link":"/api/@opkit/handlers/type-aliases/ResourceHandlerKind.md"},{"text":"ResourceHandlerOptions","link":"/api/@opkit/handlers/type-aliases/ResourceHandlerOptions.md"},{"text":"ResumeHandlerOptions","link":"/api/@opkit/handlers/type-aliases/ResumeHandlerOptions.md"},{"text":"Selector","link":"/api/@opkit/handlers/type-aliases/Selector.md"},{"text":"TimerHandlerOptions","link":"/api/@opkit/handlers/type-aliases/TimerHandlerOptions.md"},{"text":"TypedResourceBody","link":"/api/@opkit/handlers/type-aliases/TypedResourceBody.md"},{"text":"UpdateHandlerOptions","link":"/api/@opkit/handlers/type-aliases/UpdateHandlerOptions.md"},{"text":"ValueFilter","link":"/api/@opkit/handlers/type-aliases/ValueFilter.md"}]},{"text":"Variables","collapsed":true,"items":[{"text":"ABSENT","link":"/api/@opkit/handlers/variables/ABSENT.md"},{"text":"events","link":"/api/@opkit/handlers/variables/events.md"},{"text":"FEED_VERSION","link":"/api/@opkit/handlers/variables/FEED_VERSION.md"},{"text":"MAX_RESULT_BYTES","link":"/api/@opkit/handlers/variables/MAX_RESULT_BYTES.md"},{"text":"on","link":"/api/@opkit/handlers/variables/on.md"},{"text":"PRESENT","link":"/api/@opkit/handlers/variables/PRESENT.md"}]},{"text":"Functions","collapsed":true,"items":[{"text":"adjustNamespace","link":"/api/@opkit/handlers/functions/adjustNamespace.md"},{"text":"adopt","link":"/api/@opkit/handlers/functions/adopt.md"},{"text":"appendOwnerReference","link":"/api/@opkit/handlers/functions/appendOwnerReference.md"},{"text":"buildAdmissionHandler","link":"/api/@opkit/handlers/functions/buildAdmissionHandler.md"},{"text":"buildObjectReference","link":"/api/@opkit/handlers/functions/buildObjectReference.md"},{"text":"buildOwnerReference","link":"/api/@opkit/handlers/functions/buildOwnerReference.md"},{"text":"buildResourceHandler","link":"/api/@opkit/handlers/functions/buildResourceHandler.md"},{"text":"checkOwnedSelector","link":"/api/@opkit/handlers/functions/checkOwnedSelector.md"},{"text":"checkPermissionNeed","link":"/api/@opkit/handlers/functions/checkPermissionNeed.md"},{"text":"createIndexer","link":"/api/@opkit/handlers/functions/createIndexer.md"},{"text":"createIndices","link":"/api/@opkit/handlers/functions/createIndices.md"},{"text":"createLogger","link":"/api/@opkit/handlers/functions/createLogger.md"},{"text":"currentContext","link":"/api/@opkit/handlers/functions/currentContext.md"},{"text":"currentScope","link":"/api/@opkit/handlers/functions/currentScope.md"},{"text":"deepEqual","link":"/api/@opkit/handlers/functions/deepEqual.md"},{"text":"defaultRegistry","link":"/api/@opkit/handlers/functions/defaultRegistry.md"},{"text":"describeOutcome","link":"/api/@opkit/handlers/functions/describeOutcome.md"},{"text":"describeSelector","link":"/api/@opkit/handlers/functions/describeSelector.md"},{"text":"errorMessageOf","link":"/api/@opkit/handlers/functions/errorMessageOf.md"},{"text":"feedLogger","link":"/api/@opkit/handlers/functions/feedLogger.md"},{"text":"fieldChanged","link":"/api/@opkit/handlers/functions/fieldChanged.md"},{"text":"filterContextOf","link":"/api/@opkit/handlers/functions/filterContextOf.md"},{"text":"findUnstorable","link":"/api/@opkit/handlers/functions/findUnstorable.md"},{"text":"groupHandlers","link":"/api/@opkit/handlers/functions/groupHandlers.md"},{"text":"harmonizeNaming","link":"/api/@opkit/handlers/functions/harmonizeNaming.md"},{"text":"indexEntries","link":"/api/@opkit/handlers/functions/indexEntries.md"},{"text":"invokeHandler","link":"/api/@opkit/handlers/functions/invokeHandler.md"},{"text":"isBackgroundHandler","link":"/api/@opkit/handlers/functions/isBackgroundHandler.md"},{"text":"label","link":"/api/@opkit/handlers/functions/label.md"},{"text":"loadOperator","link":"/api/@opkit/handlers/functions/loadOperator.md"},{"text":"loginWithActivities","link":"/api/@opkit/handlers/functions/loginWithActivities.md"},{"text":"matchesFilters","link":"/api/@opkit/handlers/functions/matchesFilters.md"},{"text":"matchValue","link":"/api/@opkit/handlers/functions/matchValue.md"},{"text":"needs","link":"/api/@opkit/handlers/functions/needs.md"},{"text":"objectLogger","link":"/api/@opkit/handlers/functions/objectLogger.md"},{"text":"objectPrefix","link":"/api/@opkit/handlers/functions/objectPrefix.md"},{"text":"objectRef","link":"/api/@opkit/handlers/functions/objectRef.md"},{"text":"owns","link":"/api/@opkit/handlers/functions/owns.md"},{"text":"parseAdmissionReview","link":"/api/@opkit/handlers/functions/parseAdmissionReview.md"},{"text":"parseFieldPath","link":"/api/@opkit/handlers/functions/parseFieldPath.md"},{"text":"postingLogger","link":"/api/@opkit/handlers/functions/postingLogger.md"},{"text":"prematchChangeHandlers","link":"/api/@opkit/handlers/functions/prematchChangeHandlers.md"},{"text":"reduceToField","link":"/api/@opkit/handlers/functions/reduceToField.md"},{"text":"removeOwnerReference","link":"/api/@opkit/handlers/functions/removeOwnerReference.md"},{"text":"reportOutcome","link":"/api/@opkit/handlers/functions/reportOutcome.md"},{"text":"resolvableSelector","link":"/api/@opkit/handlers/functions/resolvableSelector.md"},{"text":"resolveField","link":"/api/@opkit/handlers/functions/resolveField.md"},{"text":"resolvePostingSettings","link":"/api/@opkit/handlers/functions/resolvePostingSettings.md"},{"text":"reviewAdmission","link":"/api/@opkit/handlers/functions/reviewAdmission.md"},{"text":"runActivities","link":"/api/@opkit/handlers/functions/runActivities.md"},{"text":"runSpies","link":"/api/@opkit/handlers/functions/runSpies.md"},{"text":"runWithScope","link":"/api/@opkit/handlers/functions/runWithScope.md"},{"text":"sameSelector","link":"/api/@opkit/handlers/functions/sameSelector.md"},{"text":"selectChangeHandlers","link":"/api/@opkit/handlers/functions/selectChangeHandlers.md"},{"text":"setDefaultRegistry","link":"/api/@opkit/handlers/functions/setDefaultRegistry.md"},{"text":"settingFlag","link":"/api/@opkit/handlers/functions/settingFlag.md"},{"text":"settingOneOf","link":"/api/@opkit/handlers/functions/settingOneOf.md"},{"text":"settingSeconds","link":"/api/@opkit/handlers/functions/settingSeconds.md"},{"text":"settingText","link":"/api/@opkit/handlers/functions/settingText.md"},{"text":"settingWhole","link":"/api/@opkit/handlers/functions/settingWhole.md"},{"text":"subhandler","link":"/api/@opkit/handlers/functions/subhandler.md"}]}]},{"text":"@opkit/health","link":"/api/@opkit/health/","collapsed":true,"items":[{"text":"Classes","collapsed":true,"items":[{"text":"HealthError","link":"/api/@opkit/health/classes/HealthError.md"},{"text":"HealthServer","link":"/api/@opkit/health/classes/HealthServer.md"},{"text":"OperatorMetrics","link":"/api/@opkit/health/classes/OperatorMetrics.md"},{"text":"ProbeCache","link":"/api/@opkit/health/classes/ProbeCache.md"}]},{"text":"Interfaces","collapsed":true,"items":[{"text":"HealthServerOptions","link":"/api/@opkit/health/interfaces/HealthServerOptions.md"},{"text":"HealthSource","link":"/api/@opkit/health/interfaces/HealthSource.md"},{"text":"LivenessAddress","link":"/api/@opkit/health/interfaces/LivenessAddress.md"},{"text":"MetricsServer","link":"/api/@opkit/health/interfaces/MetricsServer.md"},{"text":"MetricsServerOptions","link":"/api/@opkit/health/interfaces/MetricsServerOptions.md"},{"text":"OperatorMetricsOptions","link":"/api/@opkit/health/interfaces/OperatorMetricsOptions.md"},{"text":"PeeringState","link":"/api/@opkit/health/interfaces/PeeringState.md"},{"text":"ProbeCacheOptions","link":"/api/@opkit/health/interfaces/ProbeCacheOptions.md"}]},{"text":"Type Aliases","collapsed":true,"items":[{"text":"HealthErrorCode","link":"/api/@opkit/health/type-aliases/HealthErrorCode.md"},{"text":"NotReadyReason","link":"/api/@opkit/health/type-aliases/NotReadyReason.md"},{"text":"ProbeRunner","link":"/api/@opkit/health/type-aliases/ProbeRunner.md"},{"text":"ReadinessState","link":"/api/@opkit/health/type-aliases/ReadinessState.md"}]},{"text":"Functions","collapsed":true,"items":[{"text":"describeReadiness","link":"/api/@opkit/health/functions/describeReadiness.md"},{"text":"parseLivenessUrl","link":"/api/@opkit/health/functions/parseLivenessUrl.md"},{"text":"peeringStateOf","link":"/api/@opkit/health/functions/peeringStateOf.md"},{"text":"readiness$","link":"/api/@opkit/health/functions/readiness$.md"},{"text":"startHealthServer","link":"/api/@opkit/health/functions/startHealthServer.md"},{"text":"startMetricsServer","link":"/api/@opkit/health/functions/startMetricsServer.md"}]}]},{"text":"@opkit/json","link":"/api/@opkit/json/","collapsed":true,"items":[{"text":"Classes","collapsed":true,"items":[{"text":"JsonError","link":"/api/@opkit/json/classes/JsonError.md"}]},{"text":"Interfaces","collapsed":true,"items":[{"text":"JsonParseOptions","link":"/api/@opkit/json/interfaces/JsonParseOptions.md"}]},{"text":"Type Aliases","collapsed":true,"items":[{"text":"JsonErrorCode","link":"/api/@opkit/json/type-aliases/JsonErrorCode.md"}]},{"text":"Variables","collapsed":true,"items":[{"text":"INT64_MAX","link":"/api/@opkit/json/variables/INT64_MAX.md"},{"text":"INT64_MIN","link":"/api/@opkit/json/variables/INT64_MIN.md"},{"text":"LAST_APPLIED_ANNOTATION","link":"/api/@opkit/json/variables/LAST_APPLIED_ANNOTATION.md"},{"text":"REDACTED","link":"/api/@opkit/json/variables/REDACTED.md"}]},{"text":"Functions","collapsed":true,"items":[{"text":"canonicalInteger","link":"/api/@opkit/json/functions/canonicalInteger.md"},{"text":"compareKeys","link":"/api/@opkit/json/functions/compareKeys.md"},{"text":"compareNumbers","link":"/api/@opkit/json/functions/compareNumbers.md"},{"text":"encodePythonJson","link":"/api/@opkit/json/functions/encodePythonJson.md"},{"text":"encodePythonNumber","link":"/api/@opkit/json/functions/encodePythonNumber.md"},{"text":"encodePythonObject","link":"/api/@opkit/json/functions/encodePythonObject.md"},{"text":"encodePythonString","link":"/api/@opkit/json/functions/encodePythonString.md"},{"text":"isInt64","link":"/api/@opkit/json/functions/isInt64.md"},{"text":"isIntegerKey","link":"/api/@opkit/json/functions/isIntegerKey.md"},{"text":"isJsonInteger","link":"/api/@opkit/json/functions/isJsonInteger.md"},{"text":"isPlainObject","link":"/api/@opkit/json/functions/isPlainObject.md"},{"text":"isRawJson","link":"/api/@opkit/json/functions/isRawJson.md"},{"text":"isSecret","link":"/api/@opkit/json/functions/isSecret.md"},{"text":"jsonEqual","link":"/api/@opkit/json/functions/jsonEqual.md"},{"text":"orderedKeys","link":"/api/@opkit/json/functions/orderedKeys.md"},{"text":"parseJson","link":"/api/@opkit/json/functions/parseJson.md"},{"text":"redactSecret","link":"/api/@opkit/json/functions/redactSecret.md"},{"text":"redactSecretDiff","link":"/api/@opkit/json/functions/redactSecretDiff.md"},{"text":"redactSecretPatch","link":"/api/@opkit/json/functions/redactSecretPatch.md"},{"text":"redactSecrets","link":"/api/@opkit/json/functions/redactSecrets.md"},{"text":"redactSecretValue","link":"/api/@opkit/json/functions/redactSecretValue.md"},{"text":"sortKeysDeep","link":"/api/@opkit/json/functions/sortKeysDeep.md"},{"text":"stringifyJson","link":"/api/@opkit/json/functions/stringifyJson.md"}]}]},{"text":"@opkit/kube","link":"/api/@opkit/kube/","collapsed":true,"items":[{"text":"Classes","collapsed":true,"items":[{"text":"BadRequestError","link":"/api/@opkit/kube/classes/BadRequestError.md"},{"text":"ConflictError","link":"/api/@opkit/kube/classes/ConflictError.md"},{"text":"Discovery","link":"/api/@opkit/kube/classes/Discovery.md"},{"text":"ForbiddenError","link":"/api/@opkit/kube/classes/ForbiddenError.md"},{"text":"GoneError","link":"/api/@opkit/kube/classes/GoneError.md"},{"text":"KubeApiError","link":"/api/@opkit/kube/classes/KubeApiError.md"},{"text":"KubeClient","link":"/api/@opkit/kube/classes/KubeClient.md"},{"text":"KubeConfigError","link":"/api/@opkit/kube/classes/KubeConfigError.md"},{"text":"KubeError","link":"/api/@opkit/kube/classes/KubeError.md"},{"text":"KubeNetworkError","link":"/api/@opkit/kube/classes/KubeNetworkError.md"},{"text":"LoginCredentials","link":"/api/@opkit/kube/classes/LoginCredentials.md"},{"text":"NotFoundError","link":"/api/@opkit/kube/classes/NotFoundError.md"},{"text":"ResourceResolutionError","link":"/api/@opkit/kube/classes/ResourceResolutionError.md"},{"text":"ServerError","link":"/api/@opkit/kube/classes/ServerError.md"},{"text":"TooManyRequestsError","link":"/api/@opkit/kube/classes/TooManyRequestsError.md"},{"text":"UnauthorizedError","link":"/api/@opkit/kube/classes/UnauthorizedError.md"},{"text":"UnprocessableError","link":"/api/@opkit/kube/classes/UnprocessableError.md"}]},{"text":"Interfaces","collapsed":true,"items":[{"text":"ConnectionInfo","link":"/api/@opkit/kube/interfaces/ConnectionInfo.md"},{"text":"ConnectOptions","link":"/api/@opkit/kube/interfaces/ConnectOptions.md"},{"text":"DeleteOptions","link":"/api/@opkit/kube/interfaces/DeleteOptions.md"},{"text":"InClusterOptions","link":"/api/@opkit/kube/interfaces/InClusterOptions.md"},{"text":"KubeClientInfo","link":"/api/@opkit/kube/interfaces/KubeClientInfo.md"},{"text":"KubeObject","link":"/api/@opkit/kube/interfaces/KubeObject.md"},{"text":"KubeStatus","link":"/api/@opkit/kube/interfaces/KubeStatus.md"},{"text":"ListOptions","link":"/api/@opkit/kube/interfaces/ListOptions.md"},{"text":"ListPage","link":"/api/@opkit/kube/interfaces/ListPage.md"},{"text":"ObjectMeta","link":"/api/@opkit/kube/interfaces/ObjectMeta.md"},{"text":"ObjectOptions","link":"/api/@opkit/kube/interfaces/ObjectOptions.md"},{"text":"PatchOptions","link":"/api/@opkit/kube/interfaces/PatchOptions.md"},{"text":"PostEventOptions","link":"/api/@opkit/kube/interfaces/PostEventOptions.md"},{"text":"RawWatchEvent","link":"/api/@opkit/kube/interfaces/RawWatchEvent.md"},{"text":"RequestOptions","link":"/api/@opkit/kube/interfaces/RequestOptions.md"},{"text":"RequestRecord","link":"/api/@opkit/kube/interfaces/RequestRecord.md"},{"text":"Resource","link":"/api/@opkit/kube/interfaces/Resource.md"},{"text":"ResourceIdentity","link":"/api/@opkit/kube/interfaces/ResourceIdentity.md"},{"text":"ResourcePathOptions","link":"/api/@opkit/kube/interfaces/ResourcePathOptions.md"},{"text":"ResourceQuery","link":"/api/@opkit/kube/interfaces/ResourceQuery.md"},{"text":"RetryOptions","link":"/api/@opkit/kube/interfaces/RetryOptions.md"},{"text":"ServerOptions","link":"/api/@opkit/kube/interfaces/ServerOptions.md"},{"text":"WatchOptions","link":"/api/@opkit/kube/interfaces/WatchOptions.md"},{"text":"WatchStream","link":"/api/@opkit/kube/interfaces/WatchStream.md"}]},{"text":"Type Aliases","collapsed":true,"items":[{"text":"KubeErrorCode","link":"/api/@opkit/kube/type-aliases/KubeErrorCode.md"},{"text":"LoginFn","link":"/api/@opkit/kube/type-aliases/LoginFn.md"},{"text":"LoginReason","link":"/api/@opkit/kube/type-aliases/LoginReason.md"},{"text":"PatchType","link":"/api/@opkit/kube/type-aliases/PatchType.md"},{"text":"RequestObserver","link":"/api/@opkit/kube/type-aliases/RequestObserver.md"},{"text":"ResourceSelector","link":"/api/@opkit/kube/type-aliases/ResourceSelector.md"}]},{"text":"Variables","collapsed":true,"items":[{"text":"EVENTS_RESOURCE","link":"/api/@opkit/kube/variables/EVENTS_RESOURCE.md"},{"text":"EVERYTHING","link":"/api/@opkit/kube/variables/EVERYTHING.md"},{"text":"MAX_EVENT_MESSAGE","link":"/api/@opkit/kube/variables/MAX_EVENT_MESSAGE.md"},{"text":"RESOURCE_IDENTITY","link":"/api/@opkit/kube/variables/RESOURCE_IDENTITY.md"}]},{"text":"Functions","collapsed":true,"items":[{"text":"ambientClient","link":"/api/@opkit/kube/functions/ambientClient.md"},{"text":"apiError","link":"/api/@opkit/kube/functions/apiError.md"},{"text":"apiVersionOf","link":"/api/@opkit/kube/functions/apiVersionOf.md"},{"text":"buildEvent","link":"/api/@opkit/kube/functions/buildEvent.md"},{"text":"connect","link":"/api/@opkit/kube/functions/connect.md"},{"text":"formatMicroTime","link":"/api/@opkit/kube/functions/formatMicroTime.md"},{"text":"formatTime","link":"/api/@opkit/kube/functions/formatTime.md"},{"text":"hasName","link":"/api/@opkit/kube/functions/hasName.md"},{"text":"identityOf","link":"/api/@opkit/kube/functions/identityOf.md"},{"text":"loginHeaders","link":"/api/@opkit/kube/functions/loginHeaders.md"},{"text":"loginTls","link":"/api/@opkit/kube/functions/loginTls.md"},{"text":"loginWithKubeconfig","link":"/api/@opkit/kube/functions/loginWithKubeconfig.md"},{"text":"objectKey","link":"/api/@opkit/kube/functions/objectKey.md"},{"text":"parseResourceList","link":"/api/@opkit/kube/functions/parseResourceList.md"},{"text":"parseSelector","link":"/api/@opkit/kube/functions/parseSelector.md"},{"text":"resourceName","link":"/api/@opkit/kube/functions/resourceName.md"},{"text":"resourcePath","link":"/api/@opkit/kube/functions/resourcePath.md"},{"text":"runWithClient","link":"/api/@opkit/kube/functions/runWithClient.md"},{"text":"selectResources","link":"/api/@opkit/kube/functions/selectResources.md"},{"text":"suggestResource","link":"/api/@opkit/kube/functions/suggestResource.md"},{"text":"truncateMessage","link":"/api/@opkit/kube/functions/truncateMessage.md"}]}]},{"text":"@opkit/labeled-config","link":"/api/@opkit/labeled-config/","collapsed":true,"items":[{"text":"Classes","collapsed":true,"items":[{"text":"InvalidConfigError","link":"/api/@opkit/labeled-config/classes/InvalidConfigError.md"},{"text":"LabeledConfigError","link":"/api/@opkit/labeled-config/classes/LabeledConfigError.md"},{"text":"MergeConflictError","link":"/api/@opkit/labeled-config/classes/MergeConflictError.md"},{"text":"NodeNotFoundError","link":"/api/@opkit/labeled-config/classes/NodeNotFoundError.md"},{"text":"NoInstanceError","link":"/api/@opkit/labeled-config/classes/NoInstanceError.md"}]},{"text":"Interfaces","collapsed":true,"items":[{"text":"ConfigSet","link":"/api/@opkit/labeled-config/interfaces/ConfigSet.md"},{"text":"ExtractLabeledConfigsOptions","link":"/api/@opkit/labeled-config/interfaces/ExtractLabeledConfigsOptions.md"},{"text":"InstanceNodeNameOptions","link":"/api/@opkit/labeled-config/interfaces/InstanceNodeNameOptions.md"},{"text":"LabelSelector","link":"/api/@opkit/labeled-config/interfaces/LabelSelector.md"},{"text":"LabelSelectorRequirement","link":"/api/@opkit/labeled-config/interfaces/LabelSelectorRequirement.md"},{"text":"MergeConfigsOptions","link":"/api/@opkit/labeled-config/interfaces/MergeConfigsOptions.md"},{"text":"TransposeConfigOptions","link":"/api/@opkit/labeled-config/interfaces/TransposeConfigOptions.md"},{"text":"TransposedValues","link":"/api/@opkit/labeled-config/interfaces/TransposedValues.md"}]},{"text":"Type Aliases","collapsed":true,"items":[{"text":"LabeledConfigErrorCode","link":"/api/@opkit/labeled-config/type-aliases/LabeledConfigErrorCode.md"},{"text":"LabelMatcher","link":"/api/@opkit/labeled-config/type-aliases/LabelMatcher.md"},{"text":"Labels","link":"/api/@opkit/labeled-config/type-aliases/Labels.md"},{"text":"LabelSelectorOperator","link":"/api/@opkit/labeled-config/type-aliases/LabelSelectorOperator.md"},{"text":"ListMergeMode","link":"/api/@opkit/labeled-config/type-aliases/ListMergeMode.md"}]},{"text":"Variables","collapsed":true,"items":[{"text":"INSTANCE_LABEL","link":"/api/@opkit/labeled-config/variables/INSTANCE_LABEL.md"},{"text":"LABEL_SELECTOR_OPERATORS","link":"/api/@opkit/labeled-config/variables/LABEL_SELECTOR_OPERATORS.md"},{"text":"NODES","link":"/api/@opkit/labeled-config/variables/NODES.md"}]},{"text":"Functions","collapsed":true,"items":[{"text":"compileConfigSets","link":"/api/@opkit/labeled-config/functions/compileConfigSets.md"},{"text":"compileLabelSelector","link":"/api/@opkit/labeled-config/functions/compileLabelSelector.md"},{"text":"extractLabeledConfigs","link":"/api/@opkit/labeled-config/functions/extractLabeledConfigs.md"},{"text":"instanceNodeName","link":"/api/@opkit/labeled-config/functions/instanceNodeName.md"},{"text":"matchesLabelSelector","link":"/api/@opkit/labeled-config/functions/matchesLabelSelector.md"},{"text":"mergeConfigs","link":"/api/@opkit/labeled-config/functions/mergeConfigs.md"},{"text":"nodeLabelsFromInstance","link":"/api/@opkit/labeled-config/functions/nodeLabelsFromInstance.md"},{"text":"nodeLabelsOf","link":"/api/@opkit/labeled-config/functions/nodeLabelsOf.md"},{"text":"transposeConfig","link":"/api/@opkit/labeled-config/functions/transposeConfig.md"}]}]},{"text":"@opkit/manifests","link":"/api/@opkit/manifests/","collapsed":true,"items":[{"text":"Classes","collapsed":true,"items":[{"text":"ManifestsError","link":"/api/@opkit/manifests/classes/ManifestsError.md"},{"text":"ResourceCatalog","link":"/api/@opkit/manifests/classes/ResourceCatalog.md"}]},{"text":"Interfaces","collapsed":true,"items":[{"text":"CommentedRule","link":"/api/@opkit/manifests/interfaces/CommentedRule.md"},{"text":"CrdFileResource","link":"/api/@opkit/manifests/interfaces/CrdFileResource.md"},{"text":"DeployConfig","link":"/api/@opkit/manifests/interfaces/DeployConfig.md"},{"text":"GeneratedManifests","link":"/api/@opkit/manifests/interfaces/GeneratedManifests.md"},{"text":"KnownResource","link":"/api/@opkit/manifests/interfaces/KnownResource.md"},{"text":"ManifestsDrift","link":"/api/@opkit/manifests/interfaces/ManifestsDrift.md"},{"text":"ManifestsOptions","link":"/api/@opkit/manifests/interfaces/ManifestsOptions.md"},{"text":"PolicyRule","link":"/api/@opkit/manifests/interfaces/PolicyRule.md"},{"text":"ProjectConfig","link":"/api/@opkit/manifests/interfaces/ProjectConfig.md"},{"text":"RbacCoordination","link":"/api/@opkit/manifests/interfaces/RbacCoordination.md"},{"text":"RbacPlan","link":"/api/@opkit/manifests/interfaces/RbacPlan.md"},{"text":"ResolvedResource","link":"/api/@opkit/manifests/interfaces/ResolvedResource.md"},{"text":"WrittenManifests","link":"/api/@opkit/manifests/interfaces/WrittenManifests.md"}]},{"text":"Type Aliases","collapsed":true,"items":[{"text":"ManifestsErrorCode","link":"/api/@opkit/manifests/type-aliases/ManifestsErrorCode.md"},{"text":"WatchMode","link":"/api/@opkit/manifests/type-aliases/WatchMode.md"}]},{"text":"Variables","collapsed":true,"items":[{"text":"BUILTIN_RESOURCES","link":"/api/@opkit/manifests/variables/BUILTIN_RESOURCES.md"},{"text":"GENERATED_MARKER","link":"/api/@opkit/manifests/variables/GENERATED_MARKER.md"},{"text":"WHY","link":"/api/@opkit/manifests/variables/WHY.md"}]},{"text":"Functions","collapsed":true,"items":[{"text":"checkManifests","link":"/api/@opkit/manifests/functions/checkManifests.md"},{"text":"deriveRbac","link":"/api/@opkit/manifests/functions/deriveRbac.md"},{"text":"expectManifestsUpToDate","link":"/api/@opkit/manifests/functions/expectManifestsUpToDate.md"},{"text":"generatedHeader","link":"/api/@opkit/manifests/functions/generatedHeader.md"},{"text":"generateManifests","link":"/api/@opkit/manifests/functions/generateManifests.md"},{"text":"readCrdFiles","link":"/api/@opkit/manifests/functions/readCrdFiles.md"},{"text":"readProjectConfig","link":"/api/@opkit/manifests/functions/readProjectConfig.md"},{"text":"renderCrd","link":"/api/@opkit/manifests/functions/renderCrd.md"},{"text":"renderRbac","link":"/api/@opkit/manifests/functions/renderRbac.md"},{"text":"sortVerbs","link":"/api/@opkit/manifests/functions/sortVerbs.md"},{"text":"typedResourcesOf","link":"/api/@opkit/manifests/functions/typedResourcesOf.md"},{"text":"writeManifests","link":"/api/@opkit/manifests/functions/writeManifests.md"}]}]},{"text":"@opkit/peering","link":"/api/@opkit/peering/","collapsed":true,"items":[{"text":"Classes","collapsed":true,"items":[{"text":"LeaseElector","link":"/api/@opkit/peering/classes/LeaseElector.md"},{"text":"Peering","link":"/api/@opkit/peering/classes/Peering.md"},{"text":"PeeringError","link":"/api/@opkit/peering/classes/PeeringError.md"},{"text":"Sharding","link":"/api/@opkit/peering/classes/Sharding.md"}]},{"text":"Interfaces","collapsed":true,"items":[{"text":"Coordination","link":"/api/@opkit/peering/interfaces/Coordination.md"},{"text":"CoordinationDeps","link":"/api/@opkit/peering/interfaces/CoordinationDeps.md"},{"text":"CoordinationPeer","link":"/api/@opkit/peering/interfaces/CoordinationPeer.md"},{"text":"FreezeOperatorsOptions","link":"/api/@opkit/peering/interfaces/FreezeOperatorsOptions.md"},{"text":"FreezeOptions","link":"/api/@opkit/peering/interfaces/FreezeOptions.md"},{"text":"FreezeResult","link":"/api/@opkit/peering/interfaces/FreezeResult.md"},{"text":"HandlingGate","link":"/api/@opkit/peering/interfaces/HandlingGate.md"},{"text":"HandlingHost","link":"/api/@opkit/peering/interfaces/HandlingHost.md"},{"text":"IdentityOptions","link":"/api/@opkit/peering/interfaces/IdentityOptions.md"},{"text":"KopfTime","link":"/api/@opkit/peering/interfaces/KopfTime.md"},{"text":"LeadershipState","link":"/api/@opkit/peering/interfaces/LeadershipState.md"},{"text":"LeaseElectorOptions","link":"/api/@opkit/peering/interfaces/LeaseElectorOptions.md"},{"text":"LeaseTiming","link":"/api/@opkit/peering/interfaces/LeaseTiming.md"},{"text":"Peer","link":"/api/@opkit/peering/interfaces/Peer.md"},{"text":"PeerExtension","link":"/api/@opkit/peering/interfaces/PeerExtension.md"},{"text":"PeeringObjectState","link":"/api/@opkit/peering/interfaces/PeeringObjectState.md"},{"text":"PeeringOptions","link":"/api/@opkit/peering/interfaces/PeeringOptions.md"},{"text":"PeeringSettings","link":"/api/@opkit/peering/interfaces/PeeringSettings.md"},{"text":"PeeringState","link":"/api/@opkit/peering/interfaces/PeeringState.md"},{"text":"PeeringTarget","link":"/api/@opkit/peering/interfaces/PeeringTarget.md"},{"text":"PeerRecord","link":"/api/@opkit/peering/interfaces/PeerRecord.md"},{"text":"ResolvedLeaseTiming","link":"/api/@opkit/peering/interfaces/ResolvedLeaseTiming.md"},{"text":"ShardingOptions","link":"/api/@opkit/peering/interfaces/ShardingOptions.md"},{"text":"ShardsState","link":"/api/@opkit/peering/interfaces/ShardsState.md"}]},{"text":"Type Aliases","collapsed":true,"items":[{"text":"CoordinationEvent","link":"/api/@opkit/peering/type-aliases/CoordinationEvent.md"},{"text":"PeeringErrorCode","link":"/api/@opkit/peering/type-aliases/PeeringErrorCode.md"},{"text":"PeeringPauseReason","link":"/api/@opkit/peering/type-aliases/PeeringPauseReason.md"},{"text":"PeeringWatchEvent","link":"/api/@opkit/peering/type-aliases/PeeringWatchEvent.md"}]},{"text":"Variables","collapsed":true,"items":[{"text":"CLUSTER_PEERINGS","link":"/api/@opkit/peering/variables/CLUSTER_PEERINGS.md"},{"text":"DEFAULT_LIFETIME","link":"/api/@opkit/peering/variables/DEFAULT_LIFETIME.md"},{"text":"LEASES","link":"/api/@opkit/peering/variables/LEASES.md"},{"text":"NAMESPACED_PEERINGS","link":"/api/@opkit/peering/variables/NAMESPACED_PEERINGS.md"},{"text":"SHARD_GROUP_LABEL","link":"/api/@opkit/peering/variables/SHARD_GROUP_LABEL.md"},{"text":"SHARD_VIEW_ANNOTATION","link":"/api/@opkit/peering/variables/SHARD_VIEW_ANNOTATION.md"}]},{"text":"Functions","collapsed":true,"items":[{"text":"coordinate","link":"/api/@opkit/peering/functions/coordinate.md"},{"text":"describeTarget","link":"/api/@opkit/peering/functions/describeTarget.md"},{"text":"detectIdentity","link":"/api/@opkit/peering/functions/detectIdentity.md"},{"text":"formatKopfTime","link":"/api/@opkit/peering/functions/formatKopfTime.md"},{"text":"formatPeer","link":"/api/@opkit/peering/functions/formatPeer.md"},{"text":"formatPeers","link":"/api/@opkit/peering/functions/formatPeers.md"},{"text":"freezeOperators","link":"/api/@opkit/peering/functions/freezeOperators.md"},{"text":"isDead","link":"/api/@opkit/peering/functions/isDead.md"},{"text":"parseKopfTime","link":"/api/@opkit/peering/functions/parseKopfTime.md"},{"text":"patchPeers","link":"/api/@opkit/peering/functions/patchPeers.md"},{"text":"peeringCrds","link":"/api/@opkit/peering/functions/peeringCrds.md"},{"text":"peeringObjects","link":"/api/@opkit/peering/functions/peeringObjects.md"},{"text":"peeringSelectors","link":"/api/@opkit/peering/functions/peeringSelectors.md"},{"text":"peerRecord","link":"/api/@opkit/peering/functions/peerRecord.md"},{"text":"pythonRepr","link":"/api/@opkit/peering/functions/pythonRepr.md"},{"text":"readPeer","link":"/api/@opkit/peering/functions/readPeer.md"},{"text":"readPeers","link":"/api/@opkit/peering/functions/readPeers.md"},{"text":"resolveLeaseTiming","link":"/api/@opkit/peering/functions/resolveLeaseTiming.md"},{"text":"resolvePeeringSettings","link":"/api/@opkit/peering/functions/resolvePeeringSettings.md"},{"text":"resumeOperators","link":"/api/@opkit/peering/functions/resumeOperators.md"},{"text":"shardOwner","link":"/api/@opkit/peering/functions/shardOwner.md"}]}]},{"text":"@opkit/schema","link":"/api/@opkit/schema/","collapsed":true,"items":[{"text":"Classes","collapsed":true,"items":[{"text":"SchemaError","link":"/api/@opkit/schema/classes/SchemaError.md"}]},{"text":"Interfaces","collapsed":true,"items":[{"text":"CheckValueOptions","link":"/api/@opkit/schema/interfaces/CheckValueOptions.md"},{"text":"CommonOptions","link":"/api/@opkit/schema/interfaces/CommonOptions.md"},{"text":"IntOrStringOptions","link":"/api/@opkit/schema/interfaces/IntOrStringOptions.md"},{"text":"LintOptions","link":"/api/@opkit/schema/interfaces/LintOptions.md"},{"text":"ListOptions","link":"/api/@opkit/schema/interfaces/ListOptions.md"},{"text":"MapOptions","link":"/api/@opkit/schema/interfaces/MapOptions.md"},{"text":"NumberOptions","link":"/api/@opkit/schema/interfaces/NumberOptions.md"},{"text":"ObjectOptions","link":"/api/@opkit/schema/interfaces/ObjectOptions.md"},{"text":"PrinterColumn","link":"/api/@opkit/schema/interfaces/PrinterColumn.md"},{"text":"ResourceDefinition","link":"/api/@opkit/schema/interfaces/ResourceDefinition.md"},{"text":"ResourceMetadata","link":"/api/@opkit/schema/interfaces/ResourceMetadata.md"},{"text":"SchemaIssue","link":"/api/@opkit/schema/interfaces/SchemaIssue.md"},{"text":"StringOptions","link":"/api/@opkit/schema/interfaces/StringOptions.md"},{"text":"TSchema","link":"/api/@opkit/schema/interfaces/TSchema.md"},{"text":"TypedResource","link":"/api/@opkit/schema/interfaces/TypedResource.md"},{"text":"ValidationRule","link":"/api/@opkit/schema/interfaces/ValidationRule.md"},{"text":"ValueIssue","link":"/api/@opkit/schema/interfaces/ValueIssue.md"}]},{"text":"Type Aliases","collapsed":true,"items":[{"text":"CustomResourceDefinition","link":"/api/@opkit/schema/type-aliases/CustomResourceDefinition.md"},{"text":"EmbeddedObject","link":"/api/@opkit/schema/type-aliases/EmbeddedObject.md"},{"text":"ResourceBody","link":"/api/@opkit/schema/type-aliases/ResourceBody.md"},{"text":"ResourceObject","link":"/api/@opkit/schema/type-aliases/ResourceObject.md"},{"text":"SchemaErrorCode","link":"/api/@opkit/schema/type-aliases/SchemaErrorCode.md"},{"text":"Static","link":"/api/@opkit/schema/type-aliases/Static.md"},{"text":"StatusOf","link":"/api/@opkit/schema/type-aliases/StatusOf.md"},{"text":"TypedBody","link":"/api/@opkit/schema/type-aliases/TypedBody.md"},{"text":"ValidationResult","link":"/api/@opkit/schema/type-aliases/ValidationResult.md"}]},{"text":"Variables","collapsed":true,"items":[{"text":"CHECKED_FORMATS","link":"/api/@opkit/schema/variables/CHECKED_FORMATS.md"},{"text":"k","link":"/api/@opkit/schema/variables/k.md"},{"text":"RESOURCE_IDENTITY","link":"/api/@opkit/schema/variables/RESOURCE_IDENTITY.md"}]},{"text":"Functions","collapsed":true,"items":[{"text":"applyDefaults","link":"/api/@opkit/schema/functions/applyDefaults.md"},{"text":"checkValue","link":"/api/@opkit/schema/functions/checkValue.md"},{"text":"defineResource","link":"/api/@opkit/schema/functions/defineResource.md"},{"text":"isTypedResource","link":"/api/@opkit/schema/functions/isTypedResource.md"},{"text":"lintStructural","link":"/api/@opkit/schema/functions/lintStructural.md"},{"text":"pluralize","link":"/api/@opkit/schema/functions/pluralize.md"}]}]},{"text":"@opkit/state","link":"/api/@opkit/state/","collapsed":true,"items":[{"text":"Classes","collapsed":true,"items":[{"text":"AdoptingDiffBaseStorage","link":"/api/@opkit/state/classes/AdoptingDiffBaseStorage.md"},{"text":"AdoptingProgressStorage","link":"/api/@opkit/state/classes/AdoptingProgressStorage.md"},{"text":"AnnotationsDiffBaseStorage","link":"/api/@opkit/state/classes/AnnotationsDiffBaseStorage.md"},{"text":"AnnotationsProgressStorage","link":"/api/@opkit/state/classes/AnnotationsProgressStorage.md"},{"text":"CorruptedStateError","link":"/api/@opkit/state/classes/CorruptedStateError.md"},{"text":"DiffBaseTooLargeError","link":"/api/@opkit/state/classes/DiffBaseTooLargeError.md"},{"text":"DualDiffBaseStorage","link":"/api/@opkit/state/classes/DualDiffBaseStorage.md"},{"text":"HandlerState","link":"/api/@opkit/state/classes/HandlerState.md"},{"text":"HandlerStates","link":"/api/@opkit/state/classes/HandlerStates.md"},{"text":"InvalidStateArgumentError","link":"/api/@opkit/state/classes/InvalidStateArgumentError.md"},{"text":"MultiProgressStorage","link":"/api/@opkit/state/classes/MultiProgressStorage.md"},{"text":"Patch","link":"/api/@opkit/state/classes/Patch.md"},{"text":"SmartProgressStorage","link":"/api/@opkit/state/classes/SmartProgressStorage.md"},{"text":"StateError","link":"/api/@opkit/state/classes/StateError.md"},{"text":"StatusDiffBaseStorage","link":"/api/@opkit/state/classes/StatusDiffBaseStorage.md"},{"text":"StatusProgressStorage","link":"/api/@opkit/state/classes/StatusProgressStorage.md"},{"text":"UnsupportedValueError","link":"/api/@opkit/state/classes/UnsupportedValueError.md"}]},{"text":"Interfaces","collapsed":true,"items":[{"text":"AdoptedRecordsInput","link":"/api/@opkit/state/interfaces/AdoptedRecordsInput.md"},{"text":"AnnotationKeyOptions","link":"/api/@opkit/state/interfaces/AnnotationKeyOptions.md"},{"text":"CauseFinish","link":"/api/@opkit/state/interfaces/CauseFinish.md"},{"text":"ChangingCause","link":"/api/@opkit/state/interfaces/ChangingCause.md"},{"text":"CycleLog","link":"/api/@opkit/state/interfaces/CycleLog.md"},{"text":"CyclePlan","link":"/api/@opkit/state/interfaces/CyclePlan.md"},{"text":"CyclePlanInput","link":"/api/@opkit/state/interfaces/CyclePlanInput.md"},{"text":"DetectCauseInput","link":"/api/@opkit/state/interfaces/DetectCauseInput.md"},{"text":"DiffBaseStorage","link":"/api/@opkit/state/interfaces/DiffBaseStorage.md"},{"text":"DiffItem","link":"/api/@opkit/state/interfaces/DiffItem.md"},{"text":"EssenceFieldSize","link":"/api/@opkit/state/interfaces/EssenceFieldSize.md"},{"text":"EssenceOptions","link":"/api/@opkit/state/interfaces/EssenceOptions.md"},{"text":"FinalizerNeed","link":"/api/@opkit/state/interfaces/FinalizerNeed.md"},{"text":"FinalizerPlan","link":"/api/@opkit/state/interfaces/FinalizerPlan.md"},{"text":"HandlerCounters","link":"/api/@opkit/state/interfaces/HandlerCounters.md"},{"text":"HandlerOutcome","link":"/api/@opkit/state/interfaces/HandlerOutcome.md"},{"text":"HandlerStateFields","link":"/api/@opkit/state/interfaces/HandlerStateFields.md"},{"text":"HandlerStatesOptions","link":"/api/@opkit/state/interfaces/HandlerStatesOptions.md"},{"text":"MultiProgressStorageOptions","link":"/api/@opkit/state/interfaces/MultiProgressStorageOptions.md"},{"text":"PatchRequests","link":"/api/@opkit/state/interfaces/PatchRequests.md"},{"text":"PersistenceProfile","link":"/api/@opkit/state/interfaces/PersistenceProfile.md"},{"text":"ProgressRecord","link":"/api/@opkit/state/interfaces/ProgressRecord.md"},{"text":"ProgressStorage","link":"/api/@opkit/state/interfaces/ProgressStorage.md"},{"text":"ResourceStorages","link":"/api/@opkit/state/interfaces/ResourceStorages.md"},{"text":"ResourceStoragesOptions","link":"/api/@opkit/state/interfaces/ResourceStoragesOptions.md"},{"text":"StorageProfileOptions","link":"/api/@opkit/state/interfaces/StorageProfileOptions.md"},{"text":"SupersededCause","link":"/api/@opkit/state/interfaces/SupersededCause.md"}]},{"text":"Type Aliases","collapsed":true,"items":[{"text":"CauseReason","link":"/api/@opkit/state/type-aliases/CauseReason.md"},{"text":"Clock","link":"/api/@opkit/state/type-aliases/Clock.md"},{"text":"CycleStep","link":"/api/@opkit/state/type-aliases/CycleStep.md"},{"text":"Diff","link":"/api/@opkit/state/type-aliases/Diff.md"},{"text":"DiffOperation","link":"/api/@opkit/state/type-aliases/DiffOperation.md"},{"text":"EpochMicros","link":"/api/@opkit/state/type-aliases/EpochMicros.md"},{"text":"Essence","link":"/api/@opkit/state/type-aliases/Essence.md"},{"text":"FieldSpec","link":"/api/@opkit/state/type-aliases/FieldSpec.md"},{"text":"Finalizers","link":"/api/@opkit/state/type-aliases/Finalizers.md"},{"text":"JsonObject","link":"/api/@opkit/state/type-aliases/JsonObject.md"},{"text":"JsonPatch","link":"/api/@opkit/state/type-aliases/JsonPatch.md"},{"text":"JsonPatchOperation","link":"/api/@opkit/state/type-aliases/JsonPatchOperation.md"},{"text":"MetaPatchView","link":"/api/@opkit/state/type-aliases/MetaPatchView.md"},{"text":"PatchFn","link":"/api/@opkit/state/type-aliases/PatchFn.md"},{"text":"PatchView","link":"/api/@opkit/state/type-aliases/PatchView.md"},{"text":"PersistenceProfileName","link":"/api/@opkit/state/type-aliases/PersistenceProfileName.md"},{"text":"StateErrorCode","link":"/api/@opkit/state/type-aliases/StateErrorCode.md"},{"text":"WatchEventType","link":"/api/@opkit/state/type-aliases/WatchEventType.md"}]},{"text":"Variables","collapsed":true,"items":[{"text":"ANNOTATIONS_SIZE_LIMIT","link":"/api/@opkit/state/variables/ANNOTATIONS_SIZE_LIMIT.md"},{"text":"CAUSE_TITLES","link":"/api/@opkit/state/variables/CAUSE_TITLES.md"},{"text":"DEFAULT_PERSISTENCE_PROFILE","link":"/api/@opkit/state/variables/DEFAULT_PERSISTENCE_PROFILE.md"},{"text":"HANDLER_REASONS","link":"/api/@opkit/state/variables/HANDLER_REASONS.md"},{"text":"KNOWN_STORAGE_PREFIXES","link":"/api/@opkit/state/variables/KNOWN_STORAGE_PREFIXES.md"},{"text":"KUBECTL_LAST_APPLIED","link":"/api/@opkit/state/variables/KUBECTL_LAST_APPLIED.md"},{"text":"MAX_ANNOTATION_NAME_LENGTH","link":"/api/@opkit/state/variables/MAX_ANNOTATION_NAME_LENGTH.md"},{"text":"PERSISTENCE_PROFILES","link":"/api/@opkit/state/variables/PERSISTENCE_PROFILES.md"},{"text":"PROGRESS_RECORD_FIELDS","link":"/api/@opkit/state/variables/PROGRESS_RECORD_FIELDS.md"},{"text":"SECRET_DIGEST_PREFIX","link":"/api/@opkit/state/variables/SECRET_DIGEST_PREFIX.md"},{"text":"STORAGE_MARKERS","link":"/api/@opkit/state/variables/STORAGE_MARKERS.md"},{"text":"SUBHANDLERS_PENDING_MESSAGE","link":"/api/@opkit/state/variables/SUBHANDLERS_PENDING_MESSAGE.md"}]},{"text":"Functions","collapsed":true,"items":[{"text":"addFinalizerPatch","link":"/api/@opkit/state/functions/addFinalizerPatch.md"},{"text":"adoptedRecords","link":"/api/@opkit/state/functions/adoptedRecords.md"},{"text":"allowDeletion","link":"/api/@opkit/state/functions/allowDeletion.md"},{"text":"annotationKeys","link":"/api/@opkit/state/functions/annotationKeys.md"},{"text":"applyJsonPatch","link":"/api/@opkit/state/functions/applyJsonPatch.md"},{"text":"applyMergePatch","link":"/api/@opkit/state/functions/applyMergePatch.md"},{"text":"biggestFields","link":"/api/@opkit/state/functions/biggestFields.md"},{"text":"blockDeletion","link":"/api/@opkit/state/functions/blockDeletion.md"},{"text":"buildEssence","link":"/api/@opkit/state/functions/buildEssence.md"},{"text":"consistencyWait","link":"/api/@opkit/state/functions/consistencyWait.md"},{"text":"decodeProgressRecord","link":"/api/@opkit/state/functions/decodeProgressRecord.md"},{"text":"deliverResults","link":"/api/@opkit/state/functions/deliverResults.md"},{"text":"detectCause","link":"/api/@opkit/state/functions/detectCause.md"},{"text":"detectChangingCause","link":"/api/@opkit/state/functions/detectChangingCause.md"},{"text":"detectStoragePrefixes","link":"/api/@opkit/state/functions/detectStoragePrefixes.md"},{"text":"diff","link":"/api/@opkit/state/functions/diff.md"},{"text":"diffBaseKeys","link":"/api/@opkit/state/functions/diffBaseKeys.md"},{"text":"digestSecretEssence","link":"/api/@opkit/state/functions/digestSecretEssence.md"},{"text":"digestSecretValue","link":"/api/@opkit/state/functions/digestSecretValue.md"},{"text":"encodeDiffBase","link":"/api/@opkit/state/functions/encodeDiffBase.md"},{"text":"encodeJson","link":"/api/@opkit/state/functions/encodeJson.md"},{"text":"encodeNumber","link":"/api/@opkit/state/functions/encodeNumber.md"},{"text":"encodeProgressRecord","link":"/api/@opkit/state/functions/encodeProgressRecord.md"},{"text":"encodeString","link":"/api/@opkit/state/functions/encodeString.md"},{"text":"escapePointerToken","link":"/api/@opkit/state/functions/escapePointerToken.md"},{"text":"essence","link":"/api/@opkit/state/functions/essence.md"},{"text":"finalizerNames","link":"/api/@opkit/state/functions/finalizerNames.md"},{"text":"finishCause","link":"/api/@opkit/state/functions/finishCause.md"},{"text":"fnsJsonPatches","link":"/api/@opkit/state/functions/fnsJsonPatches.md"},{"text":"formatTimestamp","link":"/api/@opkit/state/functions/formatTimestamp.md"},{"text":"formatTouchValue","link":"/api/@opkit/state/functions/formatTouchValue.md"},{"text":"guardJsonPatch","link":"/api/@opkit/state/functions/guardJsonPatch.md"},{"text":"isDeletionBlocked","link":"/api/@opkit/state/functions/isDeletionBlocked.md"},{"text":"isDeletionOngoing","link":"/api/@opkit/state/functions/isDeletionOngoing.md"},{"text":"isDeploymentReplicaSet","link":"/api/@opkit/state/functions/isDeploymentReplicaSet.md"},{"text":"isSecret","link":"/api/@opkit/state/functions/isSecret.md"},{"text":"jsonPatchFromDiff","link":"/api/@opkit/state/functions/jsonPatchFromDiff.md"},{"text":"makeHashSuffix","link":"/api/@opkit/state/functions/makeHashSuffix.md"},{"text":"makeSafeName","link":"/api/@opkit/state/functions/makeSafeName.md"},{"text":"makeV1Key","link":"/api/@opkit/state/functions/makeV1Key.md"},{"text":"makeV2Key","link":"/api/@opkit/state/functions/makeV2Key.md"},{"text":"mergePatchFromDiff","link":"/api/@opkit/state/functions/mergePatchFromDiff.md"},{"text":"parseTimestamp","link":"/api/@opkit/state/functions/parseTimestamp.md"},{"text":"planCycle","link":"/api/@opkit/state/functions/planCycle.md"},{"text":"planFinalizer","link":"/api/@opkit/state/functions/planFinalizer.md"},{"text":"planPatchRequests","link":"/api/@opkit/state/functions/planPatchRequests.md"},{"text":"planRelease","link":"/api/@opkit/state/functions/planRelease.md"},{"text":"progressKeys","link":"/api/@opkit/state/functions/progressKeys.md"},{"text":"reachedVersion","link":"/api/@opkit/state/functions/reachedVersion.md"},{"text":"reduceDiff","link":"/api/@opkit/state/functions/reduceDiff.md"},{"text":"removeAnnotations","link":"/api/@opkit/state/functions/removeAnnotations.md"},{"text":"removeEmptyStanzas","link":"/api/@opkit/state/functions/removeEmptyStanzas.md"},{"text":"removeFinalizerPatch","link":"/api/@opkit/state/functions/removeFinalizerPatch.md"},{"text":"requiresFinalizer","link":"/api/@opkit/state/functions/requiresFinalizer.md"},{"text":"resolveProfile","link":"/api/@opkit/state/functions/resolveProfile.md"},{"text":"resourceStorages","link":"/api/@opkit/state/functions/resourceStorages.md"},{"text":"shouldReleaseFinalizer","link":"/api/@opkit/state/functions/shouldReleaseFinalizer.md"},{"text":"splitJsonPatch","link":"/api/@opkit/state/functions/splitJsonPatch.md"},{"text":"startCause","link":"/api/@opkit/state/functions/startCause.md"},{"text":"storeStorageMarker","link":"/api/@opkit/state/functions/storeStorageMarker.md"},{"text":"subhandlersPendingOutcome","link":"/api/@opkit/state/functions/subhandlersPendingOutcome.md"},{"text":"swapFinalizer","link":"/api/@opkit/state/functions/swapFinalizer.md"},{"text":"toEpochMicros","link":"/api/@opkit/state/functions/toEpochMicros.md"},{"text":"toPointer","link":"/api/@opkit/state/functions/toPointer.md"}]}]},{"text":"@opkit/tasks","link":"/api/@opkit/tasks/","collapsed":true,"items":[{"text":"Classes","collapsed":true,"items":[{"text":"ExponentialBackOff","link":"/api/@opkit/tasks/classes/ExponentialBackOff.md"},{"text":"KeyedQueue","link":"/api/@opkit/tasks/classes/KeyedQueue.md"},{"text":"RestartingTask","link":"/api/@opkit/tasks/classes/RestartingTask.md"},{"text":"TaskQueue","link":"/api/@opkit/tasks/classes/TaskQueue.md"},{"text":"TasksError","link":"/api/@opkit/tasks/classes/TasksError.md"}]},{"text":"Interfaces","collapsed":true,"items":[{"text":"Clock","link":"/api/@opkit/tasks/interfaces/Clock.md"},{"text":"ExponentialBackOffOptions","link":"/api/@opkit/tasks/interfaces/ExponentialBackOffOptions.md"},{"text":"KeyedQueueFailure","link":"/api/@opkit/tasks/interfaces/KeyedQueueFailure.md"},{"text":"KeyedQueueOptions","link":"/api/@opkit/tasks/interfaces/KeyedQueueOptions.md"},{"text":"KeyedQueueStartStats","link":"/api/@opkit/tasks/interfaces/KeyedQueueStartStats.md"},{"text":"KeyedQueueStats","link":"/api/@opkit/tasks/interfaces/KeyedQueueStats.md"},{"text":"KeyedWorkContext","link":"/api/@opkit/tasks/interfaces/KeyedWorkContext.md"},{"text":"Logger","link":"/api/@opkit/tasks/interfaces/Logger.md"},{"text":"RestartingTaskOptions","link":"/api/@opkit/tasks/interfaces/RestartingTaskOptions.md"},{"text":"SleepOptions","link":"/api/@opkit/tasks/interfaces/SleepOptions.md"},{"text":"TaskQueueOptions","link":"/api/@opkit/tasks/interfaces/TaskQueueOptions.md"},{"text":"TaskQueueStats","link":"/api/@opkit/tasks/interfaces/TaskQueueStats.md"}]},{"text":"Type Aliases","collapsed":true,"items":[{"text":"KeyedWorker","link":"/api/@opkit/tasks/type-aliases/KeyedWorker.md"},{"text":"LogFields","link":"/api/@opkit/tasks/type-aliases/LogFields.md"},{"text":"RestartingTaskFn","link":"/api/@opkit/tasks/type-aliases/RestartingTaskFn.md"},{"text":"TaskFn","link":"/api/@opkit/tasks/type-aliases/TaskFn.md"},{"text":"TasksErrorCode","link":"/api/@opkit/tasks/type-aliases/TasksErrorCode.md"}]},{"text":"Variables","collapsed":true,"items":[{"text":"noopLogger","link":"/api/@opkit/tasks/variables/noopLogger.md"},{"text":"systemClock","link":"/api/@opkit/tasks/variables/systemClock.md"}]},{"text":"Functions","collapsed":true,"items":[{"text":"nowMicros","link":"/api/@opkit/tasks/functions/nowMicros.md"},{"text":"sleep","link":"/api/@opkit/tasks/functions/sleep.md"}]}]},{"text":"@opkit/testing","link":"/api/@opkit/testing/","collapsed":true,"items":[{"text":"Classes","collapsed":true,"items":[{"text":"TestClock","link":"/api/@opkit/testing/classes/TestClock.md"},{"text":"TestEnv","link":"/api/@opkit/testing/classes/TestEnv.md"},{"text":"TestFaults","link":"/api/@opkit/testing/classes/TestFaults.md"}]},{"text":"Interfaces","collapsed":true,"items":[{"text":"CoverageOptions","link":"/api/@opkit/testing/interfaces/CoverageOptions.md"},{"text":"CoverageReport","link":"/api/@opkit/testing/interfaces/CoverageReport.md"},{"text":"CoveredRequest","link":"/api/@opkit/testing/interfaces/CoveredRequest.md"},{"text":"ForbiddenRequest","link":"/api/@opkit/testing/interfaces/ForbiddenRequest.md"},{"text":"RequestGroup","link":"/api/@opkit/testing/interfaces/RequestGroup.md"},{"text":"RunningOperator","link":"/api/@opkit/testing/interfaces/RunningOperator.md"},{"text":"RunOptions","link":"/api/@opkit/testing/interfaces/RunOptions.md"},{"text":"TestClockOptions","link":"/api/@opkit/testing/interfaces/TestClockOptions.md"},{"text":"TestEnvOptions","link":"/api/@opkit/testing/interfaces/TestEnvOptions.md"},{"text":"TestEnvRbacOptions","link":"/api/@opkit/testing/interfaces/TestEnvRbacOptions.md"},{"text":"TestFaultCounts","link":"/api/@opkit/testing/interfaces/TestFaultCounts.md"},{"text":"TestFaultOptions","link":"/api/@opkit/testing/interfaces/TestFaultOptions.md"},{"text":"UncoveredRequest","link":"/api/@opkit/testing/interfaces/UncoveredRequest.md"},{"text":"WaitOptions","link":"/api/@opkit/testing/interfaces/WaitOptions.md"}]},{"text":"Type Aliases","collapsed":true,"items":[{"text":"CoverageRequest","link":"/api/@opkit/testing/type-aliases/CoverageRequest.md"},{"text":"ManifestInput","link":"/api/@opkit/testing/type-aliases/ManifestInput.md"},{"text":"ObjectRef","link":"/api/@opkit/testing/type-aliases/ObjectRef.md"},{"text":"RunTarget","link":"/api/@opkit/testing/type-aliases/RunTarget.md"},{"text":"TestFaultRule","link":"/api/@opkit/testing/type-aliases/TestFaultRule.md"}]},{"text":"Variables","collapsed":true,"items":[{"text":"DEFAULT_OPERATOR_USER","link":"/api/@opkit/testing/variables/DEFAULT_OPERATOR_USER.md"}]},{"text":"Functions","collapsed":true,"items":[{"text":"checkCoverage","link":"/api/@opkit/testing/functions/checkCoverage.md"},{"text":"expectCoveredBy","link":"/api/@opkit/testing/functions/expectCoveredBy.md"},{"text":"formatCoverageFailure","link":"/api/@opkit/testing/functions/formatCoverageFailure.md"},{"text":"parseManifests","link":"/api/@opkit/testing/functions/parseManifests.md"},{"text":"startTestEnv","link":"/api/@opkit/testing/functions/startTestEnv.md"}]}]},{"text":"@opkit/watching","link":"/api/@opkit/watching/","collapsed":true,"items":[{"text":"Classes","collapsed":true,"items":[{"text":"NamespacePatterns","link":"/api/@opkit/watching/classes/NamespacePatterns.md"},{"text":"WatchingError","link":"/api/@opkit/watching/classes/WatchingError.md"}]},{"text":"Interfaces","collapsed":true,"items":[{"text":"NamespacePattern","link":"/api/@opkit/watching/interfaces/NamespacePattern.md"},{"text":"ObjectEvent","link":"/api/@opkit/watching/interfaces/ObjectEvent.md"},{"text":"ObserveNamespacesOptions","link":"/api/@opkit/watching/interfaces/ObserveNamespacesOptions.md"},{"text":"ObserveResourcesOptions","link":"/api/@opkit/watching/interfaces/ObserveResourcesOptions.md"},{"text":"PausableHooks","link":"/api/@opkit/watching/interfaces/PausableHooks.md"},{"text":"PerObjectOptions","link":"/api/@opkit/watching/interfaces/PerObjectOptions.md"},{"text":"PerObjectOutcome","link":"/api/@opkit/watching/interfaces/PerObjectOutcome.md"},{"text":"PerObjectStats","link":"/api/@opkit/watching/interfaces/PerObjectStats.md"},{"text":"SyncedEvent","link":"/api/@opkit/watching/interfaces/SyncedEvent.md"},{"text":"WatchingSettings","link":"/api/@opkit/watching/interfaces/WatchingSettings.md"},{"text":"WatchPhase","link":"/api/@opkit/watching/interfaces/WatchPhase.md"},{"text":"WatchResourceOptions","link":"/api/@opkit/watching/interfaces/WatchResourceOptions.md"},{"text":"WatchScopedOptions","link":"/api/@opkit/watching/interfaces/WatchScopedOptions.md"},{"text":"WatchSettings","link":"/api/@opkit/watching/interfaces/WatchSettings.md"},{"text":"WorkerContext","link":"/api/@opkit/watching/interfaces/WorkerContext.md"}]},{"text":"Type Aliases","collapsed":true,"items":[{"text":"Emit","link":"/api/@opkit/watching/type-aliases/Emit.md"},{"text":"ObjectWorker","link":"/api/@opkit/watching/type-aliases/ObjectWorker.md"},{"text":"ResolvedWatchSettings","link":"/api/@opkit/watching/type-aliases/ResolvedWatchSettings.md"},{"text":"ServedWatchEvent","link":"/api/@opkit/watching/type-aliases/ServedWatchEvent.md"},{"text":"WatchEvent","link":"/api/@opkit/watching/type-aliases/WatchEvent.md"},{"text":"WatchingErrorCode","link":"/api/@opkit/watching/type-aliases/WatchingErrorCode.md"}]},{"text":"Variables","collapsed":true,"items":[{"text":"CRDS_RESOURCE","link":"/api/@opkit/watching/variables/CRDS_RESOURCE.md"},{"text":"NAMESPACES_RESOURCE","link":"/api/@opkit/watching/variables/NAMESPACES_RESOURCE.md"}]},{"text":"Functions","collapsed":true,"items":[{"text":"fromAbortable","link":"/api/@opkit/watching/functions/fromAbortable.md"},{"text":"fromAbortableIterable","link":"/api/@opkit/watching/functions/fromAbortableIterable.md"},{"text":"holdUntil","link":"/api/@opkit/watching/functions/holdUntil.md"},{"text":"mergeKeyed","link":"/api/@opkit/watching/functions/mergeKeyed.md"},{"text":"observeNamespaces","link":"/api/@opkit/watching/functions/observeNamespaces.md"},{"text":"observeResources","link":"/api/@opkit/watching/functions/observeResources.md"},{"text":"parseNamespacePattern","link":"/api/@opkit/watching/functions/parseNamespacePattern.md"},{"text":"pausable","link":"/api/@opkit/watching/functions/pausable.md"},{"text":"perObject","link":"/api/@opkit/watching/functions/perObject.md"},{"text":"resolveWatchSettings","link":"/api/@opkit/watching/functions/resolveWatchSettings.md"},{"text":"servedSet","link":"/api/@opkit/watching/functions/servedSet.md"},{"text":"toWatchSettings","link":"/api/@opkit/watching/functions/toWatchSettings.md"},{"text":"watchResource","link":"/api/@opkit/watching/functions/watchResource.md"},{"text":"watchScoped","link":"/api/@opkit/watching/functions/watchScoped.md"},{"text":"watchServed","link":"/api/@opkit/watching/functions/watchServed.md"}]}]},{"text":"@opkit/webhooks","link":"/api/@opkit/webhooks/","collapsed":true,"items":[{"text":"Classes","collapsed":true,"items":[{"text":"ManagedWebhookConfigurations","link":"/api/@opkit/webhooks/classes/ManagedWebhookConfigurations.md"},{"text":"WebhooksError","link":"/api/@opkit/webhooks/classes/WebhooksError.md"}]},{"text":"Interfaces","collapsed":true,"items":[{"text":"AdmissionDeps","link":"/api/@opkit/webhooks/interfaces/AdmissionDeps.md"},{"text":"AdmissionServerSettings","link":"/api/@opkit/webhooks/interfaces/AdmissionServerSettings.md"},{"text":"AdmissionSettings","link":"/api/@opkit/webhooks/interfaces/AdmissionSettings.md"},{"text":"CertificateFiles","link":"/api/@opkit/webhooks/interfaces/CertificateFiles.md"},{"text":"CertificateOptions","link":"/api/@opkit/webhooks/interfaces/CertificateOptions.md"},{"text":"CertManagerOptions","link":"/api/@opkit/webhooks/interfaces/CertManagerOptions.md"},{"text":"CertManagerTarget","link":"/api/@opkit/webhooks/interfaces/CertManagerTarget.md"},{"text":"GeneratedCertificates","link":"/api/@opkit/webhooks/interfaces/GeneratedCertificates.md"},{"text":"LabelRequirement","link":"/api/@opkit/webhooks/interfaces/LabelRequirement.md"},{"text":"ManagedWebhookConfigurationsOptions","link":"/api/@opkit/webhooks/interfaces/ManagedWebhookConfigurationsOptions.md"},{"text":"RenderedWebhook","link":"/api/@opkit/webhooks/interfaces/RenderedWebhook.md"},{"text":"RenderedWebhookConfiguration","link":"/api/@opkit/webhooks/interfaces/RenderedWebhookConfiguration.md"},{"text":"RunningAdmission","link":"/api/@opkit/webhooks/interfaces/RunningAdmission.md"},{"text":"UrlClientConfig","link":"/api/@opkit/webhooks/interfaces/UrlClientConfig.md"},{"text":"WebhookCall","link":"/api/@opkit/webhooks/interfaces/WebhookCall.md"},{"text":"WebhookRenderOptions","link":"/api/@opkit/webhooks/interfaces/WebhookRenderOptions.md"},{"text":"WebhookServer","link":"/api/@opkit/webhooks/interfaces/WebhookServer.md"},{"text":"WebhookServerOptions","link":"/api/@opkit/webhooks/interfaces/WebhookServerOptions.md"},{"text":"WebhookService","link":"/api/@opkit/webhooks/interfaces/WebhookService.md"}]},{"text":"Type Aliases","collapsed":true,"items":[{"text":"AdmissionReviewFn","link":"/api/@opkit/webhooks/type-aliases/AdmissionReviewFn.md"},{"text":"LocalClusterPreset","link":"/api/@opkit/webhooks/type-aliases/LocalClusterPreset.md"},{"text":"WebhookClientConfig","link":"/api/@opkit/webhooks/type-aliases/WebhookClientConfig.md"},{"text":"WebhooksErrorCode","link":"/api/@opkit/webhooks/type-aliases/WebhooksErrorCode.md"}]},{"text":"Variables","collapsed":true,"items":[{"text":"AUTO_MANAGED_NAME","link":"/api/@opkit/webhooks/variables/AUTO_MANAGED_NAME.md"},{"text":"LOCAL_CLUSTER_HOSTS","link":"/api/@opkit/webhooks/variables/LOCAL_CLUSTER_HOSTS.md"},{"text":"MUTATING_WEBHOOK_CONFIGURATIONS","link":"/api/@opkit/webhooks/variables/MUTATING_WEBHOOK_CONFIGURATIONS.md"},{"text":"VALIDATING_WEBHOOK_CONFIGURATIONS","link":"/api/@opkit/webhooks/variables/VALIDATING_WEBHOOK_CONFIGURATIONS.md"}]},{"text":"Functions","collapsed":true,"items":[{"text":"buildWebhooks","link":"/api/@opkit/webhooks/functions/buildWebhooks.md"},{"text":"certificateMatchesKey","link":"/api/@opkit/webhooks/functions/certificateMatchesKey.md"},{"text":"certManagerTarget","link":"/api/@opkit/webhooks/functions/certManagerTarget.md"},{"text":"clientConfigFor","link":"/api/@opkit/webhooks/functions/clientConfigFor.md"},{"text":"generateCertificates","link":"/api/@opkit/webhooks/functions/generateCertificates.md"},{"text":"localClusterServer","link":"/api/@opkit/webhooks/functions/localClusterServer.md"},{"text":"objectSelectorOf","link":"/api/@opkit/webhooks/functions/objectSelectorOf.md"},{"text":"renderWebhookConfigurations","link":"/api/@opkit/webhooks/functions/renderWebhookConfigurations.md"},{"text":"resolveAdmissionSettings","link":"/api/@opkit/webhooks/functions/resolveAdmissionSettings.md"},{"text":"resourcesOf","link":"/api/@opkit/webhooks/functions/resourcesOf.md"},{"text":"serviceClientConfig","link":"/api/@opkit/webhooks/functions/serviceClientConfig.md"},{"text":"serviceDnsNames","link":"/api/@opkit/webhooks/functions/serviceDnsNames.md"},{"text":"startAdmission","link":"/api/@opkit/webhooks/functions/startAdmission.md"},{"text":"startWebhookServer","link":"/api/@opkit/webhooks/functions/startWebhookServer.md"},{"text":"webhookName","link":"/api/@opkit/webhooks/functions/webhookName.md"}]}]}],"/examples/":[{"text":"All examples","link":"/examples/"},{"text":"01-minimal","link":"/examples/01-minimal"},{"text":"02-children","link":"/examples/02-children"},{"text":"03-exceptions","link":"/examples/03-exceptions"},{"text":"04-events","link":"/examples/04-events"},{"text":"05-handlers","link":"/examples/05-handlers"},{"text":"06-peering","link":"/examples/06-peering"},{"text":"07-subhandlers","link":"/examples/07-subhandlers"},{"text":"08-events","link":"/examples/08-events"},{"text":"09-testing","link":"/examples/09-testing"},{"text":"10-builtins","link":"/examples/10-builtins"},{"text":"11-filtering-handlers","link":"/examples/11-filtering-handlers"},{"text":"12-embedded","link":"/examples/12-embedded"},{"text":"13-hooks","link":"/examples/13-hooks"},{"text":"14-daemons","link":"/examples/14-daemons"},{"text":"15-timers","link":"/examples/15-timers"},{"text":"16-indexing","link":"/examples/16-indexing"},{"text":"17-admission","link":"/examples/17-admission"},{"text":"99-all-at-once","link":"/examples/99-all-at-once"},{"text":"labeled-config","link":"/examples/labeled-config"}],"/":[{"text":"Getting started","items":[{"text":"1. Install","link":"/guide/install"},{"text":"2. Your first operator","link":"/guide/first-operator"},{"text":"3. Develop with op dev","link":"/guide/op-dev"},{"text":"4. Handlers","link":"/guide/handlers"},{"text":"5. Test without a cluster","link":"/guide/testing"},{"text":"6. Deploy to a cluster","link":"/guide/deploying"}]},{"text":"Coming from Kopf","items":[{"text":"Kopf to Opkit","link":"/kopf"}]},{"text":"Writing operators","items":[{"text":"Handlers","link":"/handlers"},{"text":"Daemons and timers","link":"/daemons"},{"text":"Admission webhooks","link":"/admission"},{"text":"Typed resources","link":"/schema"},{"text":"Per-node configuration","link":"/labeled-config"},{"text":"Testing","link":"/testing"}]},{"text":"Running operators","items":[{"text":"The op command","link":"/op"},{"text":"create-operator","link":"/create-operator"},{"text":"The operator runtime","link":"/core"},{"text":"How an object is processed","link":"/processing"},{"text":"State on the objects","link":"/state"},{"text":"Peering and leader election","link":"/peering"},{"text":"Generated manifests","link":"/manifests"},{"text":"Observability","link":"/observability"},{"text":"Installing the packages","link":"/installing"}]},{"text":"Under the hood","items":[{"text":"The embedded API server","link":"/apiserver"},{"text":"Talking to the API","link":"/kube"},{"text":"Watching","link":"/watching"},{"text":"Tasks","link":"/tasks"},{"text":"Exact JSON","link":"/json"},{"text":"Architecture","link":"/architecture"},{"text":"Performance","link":"/performance"},{"text":"Reliability","link":"/reliability"},{"text":"Benchmarks","link":"/bench"},{"text":"Working on Opkit","link":"/contributing"}]}]},"search":{"provider":"local"},"outline":{"level":[2,3]}},"locales":{},"scrollOffset":134,"cleanUrls":true}'));
function tryOnScopeDispose(fn) {
  if (getCurrentScope()) {
    onScopeDispose(fn);
    return true;
  }
  return false;
}
const localProvidedStateMap = /* @__PURE__ */ new WeakMap();
const injectLocal = (...args) => {
  var _a;
  const key = args[0];
  const instance = (_a = getCurrentInstance()) == null ? void 0 : _a.proxy;
  if (instance == null && !hasInjectionContext())
    throw new Error("injectLocal must be called in setup");
  if (instance && localProvidedStateMap.has(instance) && key in localProvidedStateMap.get(instance))
    return localProvidedStateMap.get(instance)[key];
  return inject(...args);
};
const isClient = typeof window !== "undefined" && typeof document !== "undefined";
typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope;
const notNullish = (val) => val != null;
const toString = Object.prototype.toString;
const isObject = (val) => toString.call(val) === "[object Object]";
const noop = () => {
};
const isIOS = /* @__PURE__ */ getIsIOS();
function getIsIOS() {
  var _a, _b;
  return isClient && ((_a = window == null ? void 0 : window.navigator) == null ? void 0 : _a.userAgent) && (/iP(?:ad|hone|od)/.test(window.navigator.userAgent) || ((_b = window == null ? void 0 : window.navigator) == null ? void 0 : _b.maxTouchPoints) > 2 && /iPad|Macintosh/.test(window == null ? void 0 : window.navigator.userAgent));
}
function createFilterWrapper(filter, fn) {
  function wrapper(...args) {
    return new Promise((resolve, reject) => {
      Promise.resolve(filter(() => fn.apply(this, args), { fn, thisArg: this, args })).then(resolve).catch(reject);
    });
  }
  return wrapper;
}
const bypassFilter = (invoke) => {
  return invoke();
};
function debounceFilter(ms, options = {}) {
  let timer;
  let maxTimer;
  let lastRejector = noop;
  const _clearTimeout = (timer2) => {
    clearTimeout(timer2);
    lastRejector();
    lastRejector = noop;
  };
  let lastInvoker;
  const filter = (invoke) => {
    const duration = toValue(ms);
    const maxDuration = toValue(options.maxWait);
    if (timer)
      _clearTimeout(timer);
    if (duration <= 0 || maxDuration !== void 0 && maxDuration <= 0) {
      if (maxTimer) {
        _clearTimeout(maxTimer);
        maxTimer = null;
      }
      return Promise.resolve(invoke());
    }
    return new Promise((resolve, reject) => {
      lastRejector = options.rejectOnCancel ? reject : resolve;
      lastInvoker = invoke;
      if (maxDuration && !maxTimer) {
        maxTimer = setTimeout(() => {
          if (timer)
            _clearTimeout(timer);
          maxTimer = null;
          resolve(lastInvoker());
        }, maxDuration);
      }
      timer = setTimeout(() => {
        if (maxTimer)
          _clearTimeout(maxTimer);
        maxTimer = null;
        resolve(invoke());
      }, duration);
    });
  };
  return filter;
}
function throttleFilter(...args) {
  let lastExec = 0;
  let timer;
  let isLeading = true;
  let lastRejector = noop;
  let lastValue;
  let ms;
  let trailing;
  let leading;
  let rejectOnCancel;
  if (!isRef(args[0]) && typeof args[0] === "object")
    ({ delay: ms, trailing = true, leading = true, rejectOnCancel = false } = args[0]);
  else
    [ms, trailing = true, leading = true, rejectOnCancel = false] = args;
  const clear = () => {
    if (timer) {
      clearTimeout(timer);
      timer = void 0;
      lastRejector();
      lastRejector = noop;
    }
  };
  const filter = (_invoke) => {
    const duration = toValue(ms);
    const elapsed = Date.now() - lastExec;
    const invoke = () => {
      return lastValue = _invoke();
    };
    clear();
    if (duration <= 0) {
      lastExec = Date.now();
      return invoke();
    }
    if (elapsed > duration && (leading || !isLeading)) {
      lastExec = Date.now();
      invoke();
    } else if (trailing) {
      lastValue = new Promise((resolve, reject) => {
        lastRejector = rejectOnCancel ? reject : resolve;
        timer = setTimeout(() => {
          lastExec = Date.now();
          isLeading = true;
          resolve(invoke());
          clear();
        }, Math.max(0, duration - elapsed));
      });
    }
    if (!leading && !timer)
      timer = setTimeout(() => isLeading = true, duration);
    isLeading = false;
    return lastValue;
  };
  return filter;
}
function pausableFilter(extendFilter = bypassFilter, options = {}) {
  const {
    initialState = "active"
  } = options;
  const isActive2 = toRef(initialState === "active");
  function pause() {
    isActive2.value = false;
  }
  function resume() {
    isActive2.value = true;
  }
  const eventFilter = (...args) => {
    if (isActive2.value)
      extendFilter(...args);
  };
  return { isActive: readonly(isActive2), pause, resume, eventFilter };
}
function pxValue(px) {
  return px.endsWith("rem") ? Number.parseFloat(px) * 16 : Number.parseFloat(px);
}
function getLifeCycleTarget(target) {
  return getCurrentInstance();
}
function toArray(value) {
  return Array.isArray(value) ? value : [value];
}
function toRef(...args) {
  if (args.length !== 1)
    return toRef$1(...args);
  const r = args[0];
  return typeof r === "function" ? readonly(customRef(() => ({ get: r, set: noop }))) : ref(r);
}
function useDebounceFn(fn, ms = 200, options = {}) {
  return createFilterWrapper(
    debounceFilter(ms, options),
    fn
  );
}
function useThrottleFn(fn, ms = 200, trailing = false, leading = true, rejectOnCancel = false) {
  return createFilterWrapper(
    throttleFilter(ms, trailing, leading, rejectOnCancel),
    fn
  );
}
function watchWithFilter(source, cb, options = {}) {
  const {
    eventFilter = bypassFilter,
    ...watchOptions
  } = options;
  return watch(
    source,
    createFilterWrapper(
      eventFilter,
      cb
    ),
    watchOptions
  );
}
function watchPausable(source, cb, options = {}) {
  const {
    eventFilter: filter,
    initialState = "active",
    ...watchOptions
  } = options;
  const { eventFilter, pause, resume, isActive: isActive2 } = pausableFilter(filter, { initialState });
  const stop = watchWithFilter(
    source,
    cb,
    {
      ...watchOptions,
      eventFilter
    }
  );
  return { stop, pause, resume, isActive: isActive2 };
}
function tryOnMounted(fn, sync = true, target) {
  const instance = getLifeCycleTarget();
  if (instance)
    onMounted(fn, target);
  else if (sync)
    fn();
  else
    nextTick(fn);
}
function watchDebounced(source, cb, options = {}) {
  const {
    debounce = 0,
    maxWait = void 0,
    ...watchOptions
  } = options;
  return watchWithFilter(
    source,
    cb,
    {
      ...watchOptions,
      eventFilter: debounceFilter(debounce, { maxWait })
    }
  );
}
function watchImmediate(source, cb, options) {
  return watch(
    source,
    cb,
    {
      ...options,
      immediate: true
    }
  );
}
function computedAsync(evaluationCallback, initialState, optionsOrRef) {
  let options;
  if (isRef(optionsOrRef)) {
    options = {
      evaluating: optionsOrRef
    };
  } else {
    options = {};
  }
  const {
    lazy = false,
    evaluating = void 0,
    shallow = true,
    onError = noop
  } = options;
  const started = shallowRef(!lazy);
  const current = shallow ? shallowRef(initialState) : ref(initialState);
  let counter = 0;
  watchEffect(async (onInvalidate) => {
    if (!started.value)
      return;
    counter++;
    const counterAtBeginning = counter;
    let hasFinished = false;
    if (evaluating) {
      Promise.resolve().then(() => {
        evaluating.value = true;
      });
    }
    try {
      const result = await evaluationCallback((cancelCallback) => {
        onInvalidate(() => {
          if (evaluating)
            evaluating.value = false;
          if (!hasFinished)
            cancelCallback();
        });
      });
      if (counterAtBeginning === counter)
        current.value = result;
    } catch (e) {
      onError(e);
    } finally {
      if (evaluating && counterAtBeginning === counter)
        evaluating.value = false;
      hasFinished = true;
    }
  });
  if (lazy) {
    return computed(() => {
      started.value = true;
      return current.value;
    });
  } else {
    return current;
  }
}
const defaultWindow = isClient ? window : void 0;
function unrefElement(elRef) {
  var _a;
  const plain = toValue(elRef);
  return (_a = plain == null ? void 0 : plain.$el) != null ? _a : plain;
}
function useEventListener(...args) {
  const cleanups = [];
  const cleanup = () => {
    cleanups.forEach((fn) => fn());
    cleanups.length = 0;
  };
  const register = (el, event, listener, options) => {
    el.addEventListener(event, listener, options);
    return () => el.removeEventListener(event, listener, options);
  };
  const firstParamTargets = computed(() => {
    const test = toArray(toValue(args[0])).filter((e) => e != null);
    return test.every((e) => typeof e !== "string") ? test : void 0;
  });
  const stopWatch = watchImmediate(
    () => {
      var _a, _b;
      return [
        (_b = (_a = firstParamTargets.value) == null ? void 0 : _a.map((e) => unrefElement(e))) != null ? _b : [defaultWindow].filter((e) => e != null),
        toArray(toValue(firstParamTargets.value ? args[1] : args[0])),
        toArray(unref(firstParamTargets.value ? args[2] : args[1])),
        // @ts-expect-error - TypeScript gets the correct types, but somehow still complains
        toValue(firstParamTargets.value ? args[3] : args[2])
      ];
    },
    ([raw_targets, raw_events, raw_listeners, raw_options]) => {
      cleanup();
      if (!(raw_targets == null ? void 0 : raw_targets.length) || !(raw_events == null ? void 0 : raw_events.length) || !(raw_listeners == null ? void 0 : raw_listeners.length))
        return;
      const optionsClone = isObject(raw_options) ? { ...raw_options } : raw_options;
      cleanups.push(
        ...raw_targets.flatMap(
          (el) => raw_events.flatMap(
            (event) => raw_listeners.map((listener) => register(el, event, listener, optionsClone))
          )
        )
      );
    },
    { flush: "post" }
  );
  const stop = () => {
    stopWatch();
    cleanup();
  };
  tryOnScopeDispose(cleanup);
  return stop;
}
function useMounted() {
  const isMounted = shallowRef(false);
  const instance = getCurrentInstance();
  if (instance) {
    onMounted(() => {
      isMounted.value = true;
    }, instance);
  }
  return isMounted;
}
function useSupported(callback) {
  const isMounted = useMounted();
  return computed(() => {
    isMounted.value;
    return Boolean(callback());
  });
}
function createKeyPredicate(keyFilter) {
  if (typeof keyFilter === "function")
    return keyFilter;
  else if (typeof keyFilter === "string")
    return (event) => event.key === keyFilter;
  else if (Array.isArray(keyFilter))
    return (event) => keyFilter.includes(event.key);
  return () => true;
}
function onKeyStroke(...args) {
  let key;
  let handler;
  let options = {};
  if (args.length === 3) {
    key = args[0];
    handler = args[1];
    options = args[2];
  } else if (args.length === 2) {
    if (typeof args[1] === "object") {
      key = true;
      handler = args[0];
      options = args[1];
    } else {
      key = args[0];
      handler = args[1];
    }
  } else {
    key = true;
    handler = args[0];
  }
  const {
    target = defaultWindow,
    eventName = "keydown",
    passive = false,
    dedupe = false
  } = options;
  const predicate = createKeyPredicate(key);
  const listener = (e) => {
    if (e.repeat && toValue(dedupe))
      return;
    if (predicate(e))
      handler(e);
  };
  return useEventListener(target, eventName, listener, passive);
}
const ssrWidthSymbol = Symbol("vueuse-ssr-width");
function useSSRWidth() {
  const ssrWidth = hasInjectionContext() ? injectLocal(ssrWidthSymbol, null) : null;
  return typeof ssrWidth === "number" ? ssrWidth : void 0;
}
function useMediaQuery(query, options = {}) {
  const { window: window2 = defaultWindow, ssrWidth = useSSRWidth() } = options;
  const isSupported = useSupported(() => window2 && "matchMedia" in window2 && typeof window2.matchMedia === "function");
  const ssrSupport = shallowRef(typeof ssrWidth === "number");
  const mediaQuery = shallowRef();
  const matches = shallowRef(false);
  const handler = (event) => {
    matches.value = event.matches;
  };
  watchEffect(() => {
    if (ssrSupport.value) {
      ssrSupport.value = !isSupported.value;
      const queryStrings = toValue(query).split(",");
      matches.value = queryStrings.some((queryString) => {
        const not = queryString.includes("not all");
        const minWidth = queryString.match(/\(\s*min-width:\s*(-?\d+(?:\.\d*)?[a-z]+\s*)\)/);
        const maxWidth = queryString.match(/\(\s*max-width:\s*(-?\d+(?:\.\d*)?[a-z]+\s*)\)/);
        let res = Boolean(minWidth || maxWidth);
        if (minWidth && res) {
          res = ssrWidth >= pxValue(minWidth[1]);
        }
        if (maxWidth && res) {
          res = ssrWidth <= pxValue(maxWidth[1]);
        }
        return not ? !res : res;
      });
      return;
    }
    if (!isSupported.value)
      return;
    mediaQuery.value = window2.matchMedia(toValue(query));
    matches.value = mediaQuery.value.matches;
  });
  useEventListener(mediaQuery, "change", handler, { passive: true });
  return computed(() => matches.value);
}
const _global = typeof globalThis !== "undefined" ? globalThis : typeof window !== "undefined" ? window : typeof global !== "undefined" ? global : typeof self !== "undefined" ? self : {};
const globalKey = "__vueuse_ssr_handlers__";
const handlers = /* @__PURE__ */ getHandlers();
function getHandlers() {
  if (!(globalKey in _global))
    _global[globalKey] = _global[globalKey] || {};
  return _global[globalKey];
}
function getSSRHandler(key, fallback) {
  return handlers[key] || fallback;
}
function usePreferredDark(options) {
  return useMediaQuery("(prefers-color-scheme: dark)", options);
}
function guessSerializerType(rawInit) {
  return rawInit == null ? "any" : rawInit instanceof Set ? "set" : rawInit instanceof Map ? "map" : rawInit instanceof Date ? "date" : typeof rawInit === "boolean" ? "boolean" : typeof rawInit === "string" ? "string" : typeof rawInit === "object" ? "object" : !Number.isNaN(rawInit) ? "number" : "any";
}
const StorageSerializers = {
  boolean: {
    read: (v) => v === "true",
    write: (v) => String(v)
  },
  object: {
    read: (v) => JSON.parse(v),
    write: (v) => JSON.stringify(v)
  },
  number: {
    read: (v) => Number.parseFloat(v),
    write: (v) => String(v)
  },
  any: {
    read: (v) => v,
    write: (v) => String(v)
  },
  string: {
    read: (v) => v,
    write: (v) => String(v)
  },
  map: {
    read: (v) => new Map(JSON.parse(v)),
    write: (v) => JSON.stringify(Array.from(v.entries()))
  },
  set: {
    read: (v) => new Set(JSON.parse(v)),
    write: (v) => JSON.stringify(Array.from(v))
  },
  date: {
    read: (v) => new Date(v),
    write: (v) => v.toISOString()
  }
};
const customStorageEventName = "vueuse-storage";
function useStorage(key, defaults, storage, options = {}) {
  var _a;
  const {
    flush = "pre",
    deep = true,
    listenToStorageChanges = true,
    writeDefaults = true,
    mergeDefaults = false,
    shallow,
    window: window2 = defaultWindow,
    eventFilter,
    onError = (e) => {
      console.error(e);
    },
    initOnMounted
  } = options;
  const data = (shallow ? shallowRef : ref)(typeof defaults === "function" ? defaults() : defaults);
  const keyComputed = computed(() => toValue(key));
  if (!storage) {
    try {
      storage = getSSRHandler("getDefaultStorage", () => {
        var _a2;
        return (_a2 = defaultWindow) == null ? void 0 : _a2.localStorage;
      })();
    } catch (e) {
      onError(e);
    }
  }
  if (!storage)
    return data;
  const rawInit = toValue(defaults);
  const type = guessSerializerType(rawInit);
  const serializer = (_a = options.serializer) != null ? _a : StorageSerializers[type];
  const { pause: pauseWatch, resume: resumeWatch } = watchPausable(
    data,
    () => write(data.value),
    { flush, deep, eventFilter }
  );
  watch(keyComputed, () => update(), { flush });
  if (window2 && listenToStorageChanges) {
    tryOnMounted(() => {
      if (storage instanceof Storage)
        useEventListener(window2, "storage", update, { passive: true });
      else
        useEventListener(window2, customStorageEventName, updateFromCustomEvent);
      if (initOnMounted)
        update();
    });
  }
  if (!initOnMounted)
    update();
  function dispatchWriteEvent(oldValue, newValue) {
    if (window2) {
      const payload = {
        key: keyComputed.value,
        oldValue,
        newValue,
        storageArea: storage
      };
      window2.dispatchEvent(storage instanceof Storage ? new StorageEvent("storage", payload) : new CustomEvent(customStorageEventName, {
        detail: payload
      }));
    }
  }
  function write(v) {
    try {
      const oldValue = storage.getItem(keyComputed.value);
      if (v == null) {
        dispatchWriteEvent(oldValue, null);
        storage.removeItem(keyComputed.value);
      } else {
        const serialized = serializer.write(v);
        if (oldValue !== serialized) {
          storage.setItem(keyComputed.value, serialized);
          dispatchWriteEvent(oldValue, serialized);
        }
      }
    } catch (e) {
      onError(e);
    }
  }
  function read(event) {
    const rawValue = event ? event.newValue : storage.getItem(keyComputed.value);
    if (rawValue == null) {
      if (writeDefaults && rawInit != null)
        storage.setItem(keyComputed.value, serializer.write(rawInit));
      return rawInit;
    } else if (!event && mergeDefaults) {
      const value = serializer.read(rawValue);
      if (typeof mergeDefaults === "function")
        return mergeDefaults(value, rawInit);
      else if (type === "object" && !Array.isArray(value))
        return { ...rawInit, ...value };
      return value;
    } else if (typeof rawValue !== "string") {
      return rawValue;
    } else {
      return serializer.read(rawValue);
    }
  }
  function update(event) {
    if (event && event.storageArea !== storage)
      return;
    if (event && event.key == null) {
      data.value = rawInit;
      return;
    }
    if (event && event.key !== keyComputed.value)
      return;
    pauseWatch();
    try {
      if ((event == null ? void 0 : event.newValue) !== serializer.write(data.value))
        data.value = read(event);
    } catch (e) {
      onError(e);
    } finally {
      if (event)
        nextTick(resumeWatch);
      else
        resumeWatch();
    }
  }
  function updateFromCustomEvent(event) {
    update(event.detail);
  }
  return data;
}
const CSS_DISABLE_TRANS = "*,*::before,*::after{-webkit-transition:none!important;-moz-transition:none!important;-o-transition:none!important;-ms-transition:none!important;transition:none!important}";
function useColorMode(options = {}) {
  const {
    selector = "html",
    attribute = "class",
    initialValue = "auto",
    window: window2 = defaultWindow,
    storage,
    storageKey = "vueuse-color-scheme",
    listenToStorageChanges = true,
    storageRef,
    emitAuto,
    disableTransition = true
  } = options;
  const modes = {
    auto: "",
    light: "light",
    dark: "dark",
    ...options.modes || {}
  };
  const preferredDark = usePreferredDark({ window: window2 });
  const system = computed(() => preferredDark.value ? "dark" : "light");
  const store = storageRef || (storageKey == null ? toRef(initialValue) : useStorage(storageKey, initialValue, storage, { window: window2, listenToStorageChanges }));
  const state = computed(() => store.value === "auto" ? system.value : store.value);
  const updateHTMLAttrs = getSSRHandler(
    "updateHTMLAttrs",
    (selector2, attribute2, value) => {
      const el = typeof selector2 === "string" ? window2 == null ? void 0 : window2.document.querySelector(selector2) : unrefElement(selector2);
      if (!el)
        return;
      const classesToAdd = /* @__PURE__ */ new Set();
      const classesToRemove = /* @__PURE__ */ new Set();
      let attributeToChange = null;
      if (attribute2 === "class") {
        const current = value.split(/\s/g);
        Object.values(modes).flatMap((i) => (i || "").split(/\s/g)).filter(Boolean).forEach((v) => {
          if (current.includes(v))
            classesToAdd.add(v);
          else
            classesToRemove.add(v);
        });
      } else {
        attributeToChange = { key: attribute2, value };
      }
      if (classesToAdd.size === 0 && classesToRemove.size === 0 && attributeToChange === null)
        return;
      let style;
      if (disableTransition) {
        style = window2.document.createElement("style");
        style.appendChild(document.createTextNode(CSS_DISABLE_TRANS));
        window2.document.head.appendChild(style);
      }
      for (const c of classesToAdd) {
        el.classList.add(c);
      }
      for (const c of classesToRemove) {
        el.classList.remove(c);
      }
      if (attributeToChange) {
        el.setAttribute(attributeToChange.key, attributeToChange.value);
      }
      if (disableTransition) {
        window2.getComputedStyle(style).opacity;
        document.head.removeChild(style);
      }
    }
  );
  function defaultOnChanged(mode) {
    var _a;
    updateHTMLAttrs(selector, attribute, (_a = modes[mode]) != null ? _a : mode);
  }
  function onChanged(mode) {
    if (options.onChanged)
      options.onChanged(mode, defaultOnChanged);
    else
      defaultOnChanged(mode);
  }
  watch(state, onChanged, { flush: "post", immediate: true });
  tryOnMounted(() => onChanged(state.value));
  const auto = computed({
    get() {
      return emitAuto ? store.value : state.value;
    },
    set(v) {
      store.value = v;
    }
  });
  return Object.assign(auto, { store, system, state });
}
function useDark(options = {}) {
  const {
    valueDark = "dark",
    valueLight = ""
  } = options;
  const mode = useColorMode({
    ...options,
    onChanged: (mode2, defaultHandler) => {
      var _a;
      if (options.onChanged)
        (_a = options.onChanged) == null ? void 0 : _a.call(options, mode2 === "dark", defaultHandler, mode2);
      else
        defaultHandler(mode2);
    },
    modes: {
      dark: valueDark,
      light: valueLight
    }
  });
  const system = computed(() => mode.system.value);
  const isDark = computed({
    get() {
      return mode.value === "dark";
    },
    set(v) {
      const modeVal = v ? "dark" : "light";
      if (system.value === modeVal)
        mode.value = "auto";
      else
        mode.value = modeVal;
    }
  });
  return isDark;
}
function resolveElement(el) {
  if (typeof Window !== "undefined" && el instanceof Window)
    return el.document.documentElement;
  if (typeof Document !== "undefined" && el instanceof Document)
    return el.documentElement;
  return el;
}
const ARRIVED_STATE_THRESHOLD_PIXELS = 1;
function useScroll(element, options = {}) {
  const {
    throttle = 0,
    idle = 200,
    onStop = noop,
    onScroll = noop,
    offset = {
      left: 0,
      right: 0,
      top: 0,
      bottom: 0
    },
    eventListenerOptions = {
      capture: false,
      passive: true
    },
    behavior = "auto",
    window: window2 = defaultWindow,
    onError = (e) => {
      console.error(e);
    }
  } = options;
  const internalX = shallowRef(0);
  const internalY = shallowRef(0);
  const x = computed({
    get() {
      return internalX.value;
    },
    set(x2) {
      scrollTo2(x2, void 0);
    }
  });
  const y = computed({
    get() {
      return internalY.value;
    },
    set(y2) {
      scrollTo2(void 0, y2);
    }
  });
  function scrollTo2(_x, _y) {
    var _a, _b, _c, _d;
    if (!window2)
      return;
    const _element = toValue(element);
    if (!_element)
      return;
    (_c = _element instanceof Document ? window2.document.body : _element) == null ? void 0 : _c.scrollTo({
      top: (_a = toValue(_y)) != null ? _a : y.value,
      left: (_b = toValue(_x)) != null ? _b : x.value,
      behavior: toValue(behavior)
    });
    const scrollContainer = ((_d = _element == null ? void 0 : _element.document) == null ? void 0 : _d.documentElement) || (_element == null ? void 0 : _element.documentElement) || _element;
    if (x != null)
      internalX.value = scrollContainer.scrollLeft;
    if (y != null)
      internalY.value = scrollContainer.scrollTop;
  }
  const isScrolling = shallowRef(false);
  const arrivedState = reactive({
    left: true,
    right: false,
    top: true,
    bottom: false
  });
  const directions = reactive({
    left: false,
    right: false,
    top: false,
    bottom: false
  });
  const onScrollEnd = (e) => {
    if (!isScrolling.value)
      return;
    isScrolling.value = false;
    directions.left = false;
    directions.right = false;
    directions.top = false;
    directions.bottom = false;
    onStop(e);
  };
  const onScrollEndDebounced = useDebounceFn(onScrollEnd, throttle + idle);
  const setArrivedState = (target) => {
    var _a;
    if (!window2)
      return;
    const el = ((_a = target == null ? void 0 : target.document) == null ? void 0 : _a.documentElement) || (target == null ? void 0 : target.documentElement) || unrefElement(target);
    const { display, flexDirection, direction } = getComputedStyle(el);
    const directionMultipler = direction === "rtl" ? -1 : 1;
    const scrollLeft = el.scrollLeft;
    directions.left = scrollLeft < internalX.value;
    directions.right = scrollLeft > internalX.value;
    const left = Math.abs(scrollLeft * directionMultipler) <= (offset.left || 0);
    const right = Math.abs(scrollLeft * directionMultipler) + el.clientWidth >= el.scrollWidth - (offset.right || 0) - ARRIVED_STATE_THRESHOLD_PIXELS;
    if (display === "flex" && flexDirection === "row-reverse") {
      arrivedState.left = right;
      arrivedState.right = left;
    } else {
      arrivedState.left = left;
      arrivedState.right = right;
    }
    internalX.value = scrollLeft;
    let scrollTop = el.scrollTop;
    if (target === window2.document && !scrollTop)
      scrollTop = window2.document.body.scrollTop;
    directions.top = scrollTop < internalY.value;
    directions.bottom = scrollTop > internalY.value;
    const top = Math.abs(scrollTop) <= (offset.top || 0);
    const bottom = Math.abs(scrollTop) + el.clientHeight >= el.scrollHeight - (offset.bottom || 0) - ARRIVED_STATE_THRESHOLD_PIXELS;
    if (display === "flex" && flexDirection === "column-reverse") {
      arrivedState.top = bottom;
      arrivedState.bottom = top;
    } else {
      arrivedState.top = top;
      arrivedState.bottom = bottom;
    }
    internalY.value = scrollTop;
  };
  const onScrollHandler = (e) => {
    var _a;
    if (!window2)
      return;
    const eventTarget = (_a = e.target.documentElement) != null ? _a : e.target;
    setArrivedState(eventTarget);
    isScrolling.value = true;
    onScrollEndDebounced(e);
    onScroll(e);
  };
  useEventListener(
    element,
    "scroll",
    throttle ? useThrottleFn(onScrollHandler, throttle, true, false) : onScrollHandler,
    eventListenerOptions
  );
  tryOnMounted(() => {
    try {
      const _element = toValue(element);
      if (!_element)
        return;
      setArrivedState(_element);
    } catch (e) {
      onError(e);
    }
  });
  useEventListener(
    element,
    "scrollend",
    onScrollEnd,
    eventListenerOptions
  );
  return {
    x,
    y,
    isScrolling,
    arrivedState,
    directions,
    measure() {
      const _element = toValue(element);
      if (window2 && _element)
        setArrivedState(_element);
    }
  };
}
function useLocalStorage(key, initialValue, options = {}) {
  const { window: window2 = defaultWindow } = options;
  return useStorage(key, initialValue, window2 == null ? void 0 : window2.localStorage, options);
}
function checkOverflowScroll(ele) {
  const style = window.getComputedStyle(ele);
  if (style.overflowX === "scroll" || style.overflowY === "scroll" || style.overflowX === "auto" && ele.clientWidth < ele.scrollWidth || style.overflowY === "auto" && ele.clientHeight < ele.scrollHeight) {
    return true;
  } else {
    const parent = ele.parentNode;
    if (!parent || parent.tagName === "BODY")
      return false;
    return checkOverflowScroll(parent);
  }
}
function preventDefault(rawEvent) {
  const e = rawEvent || window.event;
  const _target = e.target;
  if (checkOverflowScroll(_target))
    return false;
  if (e.touches.length > 1)
    return true;
  if (e.preventDefault)
    e.preventDefault();
  return false;
}
const elInitialOverflow = /* @__PURE__ */ new WeakMap();
function useScrollLock(element, initialState = false) {
  const isLocked = shallowRef(initialState);
  let stopTouchMoveListener = null;
  let initialOverflow = "";
  watch(toRef(element), (el) => {
    const target = resolveElement(toValue(el));
    if (target) {
      const ele = target;
      if (!elInitialOverflow.get(ele))
        elInitialOverflow.set(ele, ele.style.overflow);
      if (ele.style.overflow !== "hidden")
        initialOverflow = ele.style.overflow;
      if (ele.style.overflow === "hidden")
        return isLocked.value = true;
      if (isLocked.value)
        return ele.style.overflow = "hidden";
    }
  }, {
    immediate: true
  });
  const lock = () => {
    const el = resolveElement(toValue(element));
    if (!el || isLocked.value)
      return;
    if (isIOS) {
      stopTouchMoveListener = useEventListener(
        el,
        "touchmove",
        (e) => {
          preventDefault(e);
        },
        { passive: false }
      );
    }
    el.style.overflow = "hidden";
    isLocked.value = true;
  };
  const unlock = () => {
    const el = resolveElement(toValue(element));
    if (!el || !isLocked.value)
      return;
    if (isIOS)
      stopTouchMoveListener == null ? void 0 : stopTouchMoveListener();
    el.style.overflow = initialOverflow;
    elInitialOverflow.delete(el);
    isLocked.value = false;
  };
  tryOnScopeDispose(unlock);
  return computed({
    get() {
      return isLocked.value;
    },
    set(v) {
      if (v)
        lock();
      else unlock();
    }
  });
}
function useSessionStorage(key, initialValue, options = {}) {
  const { window: window2 = defaultWindow } = options;
  return useStorage(key, initialValue, window2 == null ? void 0 : window2.sessionStorage, options);
}
function useWindowScroll(options = {}) {
  const { window: window2 = defaultWindow, ...rest } = options;
  return useScroll(window2, rest);
}
function useWindowSize(options = {}) {
  const {
    window: window2 = defaultWindow,
    initialWidth = Number.POSITIVE_INFINITY,
    initialHeight = Number.POSITIVE_INFINITY,
    listenOrientation = true,
    includeScrollbar = true,
    type = "inner"
  } = options;
  const width = shallowRef(initialWidth);
  const height = shallowRef(initialHeight);
  const update = () => {
    if (window2) {
      if (type === "outer") {
        width.value = window2.outerWidth;
        height.value = window2.outerHeight;
      } else if (type === "visual" && window2.visualViewport) {
        const { width: visualViewportWidth, height: visualViewportHeight, scale } = window2.visualViewport;
        width.value = Math.round(visualViewportWidth * scale);
        height.value = Math.round(visualViewportHeight * scale);
      } else if (includeScrollbar) {
        width.value = window2.innerWidth;
        height.value = window2.innerHeight;
      } else {
        width.value = window2.document.documentElement.clientWidth;
        height.value = window2.document.documentElement.clientHeight;
      }
    }
  };
  update();
  tryOnMounted(update);
  const listenerOptions = { passive: true };
  useEventListener("resize", update, listenerOptions);
  if (window2 && type === "visual" && window2.visualViewport) {
    useEventListener(window2.visualViewport, "resize", update, listenerOptions);
  }
  if (listenOrientation) {
    const matches = useMediaQuery("(orientation: portrait)");
    watch(matches, () => update());
  }
  return { width, height };
}
const __vite_import_meta_env__ = {};
const EXTERNAL_URL_RE = /^(?:[a-z]+:|\/\/)/i;
const APPEARANCE_KEY = "vitepress-theme-appearance";
const HASH_RE = /#.*$/;
const HASH_OR_QUERY_RE = /[?#].*$/;
const INDEX_OR_EXT_RE = /(?:(^|\/)index)?\.(?:md|html)$/;
const inBrowser = typeof document !== "undefined";
const notFoundPageData = {
  relativePath: "404.md",
  filePath: "",
  title: "404",
  description: "Not Found",
  headers: [],
  frontmatter: { sidebar: false, layout: "page" },
  lastUpdated: 0,
  isNotFound: true
};
function isActive(currentPath, matchPath, asRegex = false) {
  if (matchPath === void 0) {
    return false;
  }
  currentPath = normalize(`/${currentPath}`);
  if (asRegex) {
    return new RegExp(matchPath).test(currentPath);
  }
  if (normalize(matchPath) !== currentPath) {
    return false;
  }
  const hashMatch = matchPath.match(HASH_RE);
  if (hashMatch) {
    return (inBrowser ? location.hash : "") === hashMatch[0];
  }
  return true;
}
function normalize(path) {
  return decodeURI(path).replace(HASH_OR_QUERY_RE, "").replace(INDEX_OR_EXT_RE, "$1");
}
function isExternal(path) {
  return EXTERNAL_URL_RE.test(path);
}
function getLocaleForPath(siteData2, relativePath) {
  return Object.keys((siteData2 == null ? void 0 : siteData2.locales) || {}).find((key) => key !== "root" && !isExternal(key) && isActive(relativePath, `/${key}/`, true)) || "root";
}
function resolveSiteDataByRoute(siteData2, relativePath) {
  var _a, _b, _c, _d, _e, _f, _g;
  const localeIndex = getLocaleForPath(siteData2, relativePath);
  return Object.assign({}, siteData2, {
    localeIndex,
    lang: ((_a = siteData2.locales[localeIndex]) == null ? void 0 : _a.lang) ?? siteData2.lang,
    dir: ((_b = siteData2.locales[localeIndex]) == null ? void 0 : _b.dir) ?? siteData2.dir,
    title: ((_c = siteData2.locales[localeIndex]) == null ? void 0 : _c.title) ?? siteData2.title,
    titleTemplate: ((_d = siteData2.locales[localeIndex]) == null ? void 0 : _d.titleTemplate) ?? siteData2.titleTemplate,
    description: ((_e = siteData2.locales[localeIndex]) == null ? void 0 : _e.description) ?? siteData2.description,
    head: mergeHead(siteData2.head, ((_f = siteData2.locales[localeIndex]) == null ? void 0 : _f.head) ?? []),
    themeConfig: {
      ...siteData2.themeConfig,
      ...(_g = siteData2.locales[localeIndex]) == null ? void 0 : _g.themeConfig
    }
  });
}
function createTitle(siteData2, pageData) {
  const title = pageData.title || siteData2.title;
  const template = pageData.titleTemplate ?? siteData2.titleTemplate;
  if (typeof template === "string" && template.includes(":title")) {
    return template.replace(/:title/g, title);
  }
  const templateString = createTitleTemplate(siteData2.title, template);
  if (title === templateString.slice(3)) {
    return title;
  }
  return `${title}${templateString}`;
}
function createTitleTemplate(siteTitle, template) {
  if (template === false) {
    return "";
  }
  if (template === true || template === void 0) {
    return ` | ${siteTitle}`;
  }
  if (siteTitle === template) {
    return "";
  }
  return ` | ${template}`;
}
function hasTag(head, tag) {
  const [tagType, tagAttrs] = tag;
  if (tagType !== "meta")
    return false;
  const keyAttr = Object.entries(tagAttrs)[0];
  if (keyAttr == null)
    return false;
  return head.some(([type, attrs]) => type === tagType && attrs[keyAttr[0]] === keyAttr[1]);
}
function mergeHead(prev, curr) {
  return [...prev.filter((tagAttrs) => !hasTag(curr, tagAttrs)), ...curr];
}
const INVALID_CHAR_REGEX = /[\u0000-\u001F"#$&*+,:;<=>?[\]^`{|}\u007F]/g;
const DRIVE_LETTER_REGEX = /^[a-z]:/i;
function sanitizeFileName(name) {
  const match = DRIVE_LETTER_REGEX.exec(name);
  const driveLetter = match ? match[0] : "";
  return driveLetter + name.slice(driveLetter.length).replace(INVALID_CHAR_REGEX, "_").replace(/(^|\/)_+(?=[^/]*$)/, "$1");
}
const KNOWN_EXTENSIONS = /* @__PURE__ */ new Set();
function treatAsHtml(filename) {
  var _a;
  if (KNOWN_EXTENSIONS.size === 0) {
    const extraExts = typeof process === "object" && ((_a = process.env) == null ? void 0 : _a.VITE_EXTRA_EXTENSIONS) || (__vite_import_meta_env__ == null ? void 0 : __vite_import_meta_env__.VITE_EXTRA_EXTENSIONS) || "";
    ("3g2,3gp,aac,ai,apng,au,avif,bin,bmp,cer,class,conf,crl,css,csv,dll,doc,eps,epub,exe,gif,gz,ics,ief,jar,jpe,jpeg,jpg,js,json,jsonld,m4a,man,mid,midi,mjs,mov,mp2,mp3,mp4,mpe,mpeg,mpg,mpp,oga,ogg,ogv,ogx,opus,otf,p10,p7c,p7m,p7s,pdf,png,ps,qt,roff,rtf,rtx,ser,svg,t,tif,tiff,tr,ts,tsv,ttf,txt,vtt,wav,weba,webm,webp,woff,woff2,xhtml,xml,yaml,yml,zip" + (extraExts && typeof extraExts === "string" ? "," + extraExts : "")).split(",").forEach((ext2) => KNOWN_EXTENSIONS.add(ext2));
  }
  const ext = filename.split(".").pop();
  return ext == null || !KNOWN_EXTENSIONS.has(ext.toLowerCase());
}
function escapeRegExp(str) {
  return str.replace(/[|\\{}()[\]^$+*?.]/g, "\\$&").replace(/-/g, "\\x2d");
}
const dataSymbol = Symbol();
const siteDataRef = shallowRef(siteData);
function initData(route) {
  const site = computed(() => resolveSiteDataByRoute(siteDataRef.value, route.data.relativePath));
  const appearance = site.value.appearance;
  const isDark = appearance === "force-dark" ? ref(true) : appearance === "force-auto" ? usePreferredDark() : appearance ? useDark({
    storageKey: APPEARANCE_KEY,
    initialValue: () => appearance === "dark" ? "dark" : "auto",
    ...typeof appearance === "object" ? appearance : {}
  }) : ref(false);
  const hashRef = ref(inBrowser ? location.hash : "");
  if (inBrowser) {
    window.addEventListener("hashchange", () => {
      hashRef.value = location.hash;
    });
  }
  watch(() => route.data, () => {
    hashRef.value = inBrowser ? location.hash : "";
  });
  return {
    site,
    theme: computed(() => site.value.themeConfig),
    page: computed(() => route.data),
    frontmatter: computed(() => route.data.frontmatter),
    params: computed(() => route.data.params),
    lang: computed(() => site.value.lang),
    dir: computed(() => route.data.frontmatter.dir || site.value.dir),
    localeIndex: computed(() => site.value.localeIndex || "root"),
    title: computed(() => createTitle(site.value, route.data)),
    description: computed(() => route.data.description || site.value.description),
    isDark,
    hash: computed(() => hashRef.value)
  };
}
function useData$1() {
  const data = inject(dataSymbol);
  if (!data) {
    throw new Error("vitepress data not properly injected in app");
  }
  return data;
}
function joinPath(base, path) {
  return `${base}${path}`.replace(/\/+/g, "/");
}
function withBase(path) {
  return EXTERNAL_URL_RE.test(path) || !path.startsWith("/") ? path : joinPath(siteDataRef.value.base, path);
}
function pathToFile(path) {
  let pagePath = path.replace(/\.html$/, "");
  pagePath = decodeURIComponent(pagePath);
  pagePath = pagePath.replace(/\/$/, "/index");
  {
    if (inBrowser) {
      const base = "/";
      pagePath = sanitizeFileName(pagePath.slice(base.length).replace(/\//g, "_") || "index") + ".md";
      let pageHash = __VP_HASH_MAP__[pagePath.toLowerCase()];
      if (!pageHash) {
        pagePath = pagePath.endsWith("_index.md") ? pagePath.slice(0, -9) + ".md" : pagePath.slice(0, -3) + "_index.md";
        pageHash = __VP_HASH_MAP__[pagePath.toLowerCase()];
      }
      if (!pageHash)
        return null;
      pagePath = `${base}${"assets"}/${pagePath}.${pageHash}.js`;
    } else {
      pagePath = `./${sanitizeFileName(pagePath.slice(1).replace(/\//g, "_"))}.md.js`;
    }
  }
  return pagePath;
}
let contentUpdatedCallbacks = [];
function onContentUpdated(fn) {
  contentUpdatedCallbacks.push(fn);
  onUnmounted(() => {
    contentUpdatedCallbacks = contentUpdatedCallbacks.filter((f) => f !== fn);
  });
}
function getScrollOffset() {
  let scrollOffset = siteDataRef.value.scrollOffset;
  let offset = 0;
  let padding = 24;
  if (typeof scrollOffset === "object" && "padding" in scrollOffset) {
    padding = scrollOffset.padding;
    scrollOffset = scrollOffset.selector;
  }
  if (typeof scrollOffset === "number") {
    offset = scrollOffset;
  } else if (typeof scrollOffset === "string") {
    offset = tryOffsetSelector(scrollOffset, padding);
  } else if (Array.isArray(scrollOffset)) {
    for (const selector of scrollOffset) {
      const res = tryOffsetSelector(selector, padding);
      if (res) {
        offset = res;
        break;
      }
    }
  }
  return offset;
}
function tryOffsetSelector(selector, padding) {
  const el = document.querySelector(selector);
  if (!el)
    return 0;
  const bot = el.getBoundingClientRect().bottom;
  if (bot < 0)
    return 0;
  return bot + padding;
}
const RouterSymbol = Symbol();
const fakeHost = "http://a.com";
const getDefaultRoute = () => ({
  path: "/",
  component: null,
  data: notFoundPageData
});
function createRouter(loadPageModule, fallbackComponent) {
  const route = reactive(getDefaultRoute());
  const router = {
    route,
    go
  };
  async function go(href = inBrowser ? location.href : "/") {
    var _a, _b;
    href = normalizeHref(href);
    if (await ((_a = router.onBeforeRouteChange) == null ? void 0 : _a.call(router, href)) === false)
      return;
    if (inBrowser && href !== normalizeHref(location.href)) {
      history.replaceState({ scrollPosition: window.scrollY }, "");
      history.pushState({}, "", href);
    }
    await loadPage(href);
    await ((_b = router.onAfterRouteChange ?? router.onAfterRouteChanged) == null ? void 0 : _b(href));
  }
  let latestPendingPath = null;
  async function loadPage(href, scrollPosition = 0, isRetry = false) {
    var _a, _b;
    if (await ((_a = router.onBeforePageLoad) == null ? void 0 : _a.call(router, href)) === false)
      return;
    const targetLoc = new URL(href, fakeHost);
    const pendingPath = latestPendingPath = targetLoc.pathname;
    try {
      let page = await loadPageModule(pendingPath);
      if (!page) {
        throw new Error(`Page not found: ${pendingPath}`);
      }
      if (latestPendingPath === pendingPath) {
        latestPendingPath = null;
        const { default: comp, __pageData } = page;
        if (!comp) {
          throw new Error(`Invalid route component: ${comp}`);
        }
        await ((_b = router.onAfterPageLoad) == null ? void 0 : _b.call(router, href));
        route.path = inBrowser ? pendingPath : withBase(pendingPath);
        route.component = markRaw(comp);
        route.data = true ? markRaw(__pageData) : readonly(__pageData);
        if (inBrowser) {
          nextTick(() => {
            let actualPathname = siteDataRef.value.base + __pageData.relativePath.replace(/(?:(^|\/)index)?\.md$/, "$1");
            if (!siteDataRef.value.cleanUrls && !actualPathname.endsWith("/")) {
              actualPathname += ".html";
            }
            if (actualPathname !== targetLoc.pathname) {
              targetLoc.pathname = actualPathname;
              href = actualPathname + targetLoc.search + targetLoc.hash;
              history.replaceState({}, "", href);
            }
            if (targetLoc.hash && !scrollPosition) {
              let target = null;
              try {
                target = document.getElementById(decodeURIComponent(targetLoc.hash).slice(1));
              } catch (e) {
                console.warn(e);
              }
              if (target) {
                scrollTo(target, targetLoc.hash);
                return;
              }
            }
            window.scrollTo(0, scrollPosition);
          });
        }
      }
    } catch (err) {
      if (!/fetch|Page not found/.test(err.message) && !/^\/404(\.html|\/)?$/.test(href)) {
        console.error(err);
      }
      if (!isRetry) {
        try {
          const res = await fetch(siteDataRef.value.base + "hashmap.json");
          window.__VP_HASH_MAP__ = await res.json();
          await loadPage(href, scrollPosition, true);
          return;
        } catch (e) {
        }
      }
      if (latestPendingPath === pendingPath) {
        latestPendingPath = null;
        route.path = inBrowser ? pendingPath : withBase(pendingPath);
        route.component = fallbackComponent ? markRaw(fallbackComponent) : null;
        const relativePath = inBrowser ? pendingPath.replace(/(^|\/)$/, "$1index").replace(/(\.html)?$/, ".md").replace(/^\//, "") : "404.md";
        route.data = { ...notFoundPageData, relativePath };
      }
    }
  }
  if (inBrowser) {
    if (history.state === null) {
      history.replaceState({}, "");
    }
    window.addEventListener("click", (e) => {
      if (e.defaultPrevented || !(e.target instanceof Element) || e.target.closest("button") || // temporary fix for docsearch action buttons
      e.button !== 0 || e.ctrlKey || e.shiftKey || e.altKey || e.metaKey)
        return;
      const link2 = e.target.closest("a");
      if (!link2 || link2.closest(".vp-raw") || link2.hasAttribute("download") || link2.hasAttribute("target"))
        return;
      const linkHref = link2.getAttribute("href") ?? (link2 instanceof SVGAElement ? link2.getAttribute("xlink:href") : null);
      if (linkHref == null)
        return;
      const { href, origin, pathname, hash, search } = new URL(linkHref, link2.baseURI);
      const currentUrl = new URL(location.href);
      if (origin === currentUrl.origin && treatAsHtml(pathname)) {
        e.preventDefault();
        if (pathname === currentUrl.pathname && search === currentUrl.search) {
          if (hash !== currentUrl.hash) {
            history.pushState({}, "", href);
            window.dispatchEvent(new HashChangeEvent("hashchange", {
              oldURL: currentUrl.href,
              newURL: href
            }));
          }
          if (hash) {
            scrollTo(link2, hash, link2.classList.contains("header-anchor"));
          } else {
            window.scrollTo(0, 0);
          }
        } else {
          go(href);
        }
      }
    }, { capture: true });
    window.addEventListener("popstate", async (e) => {
      var _a;
      if (e.state === null)
        return;
      const href = normalizeHref(location.href);
      await loadPage(href, e.state && e.state.scrollPosition || 0);
      await ((_a = router.onAfterRouteChange ?? router.onAfterRouteChanged) == null ? void 0 : _a(href));
    });
    window.addEventListener("hashchange", (e) => {
      e.preventDefault();
    });
  }
  return router;
}
function useRouter() {
  const router = inject(RouterSymbol);
  if (!router) {
    throw new Error("useRouter() is called without provider.");
  }
  return router;
}
function useRoute() {
  return useRouter().route;
}
function scrollTo(el, hash, smooth = false) {
  let target = null;
  try {
    target = el.classList.contains("header-anchor") ? el : document.getElementById(decodeURIComponent(hash).slice(1));
  } catch (e) {
    console.warn(e);
  }
  if (target) {
    let scrollToTarget = function() {
      if (!smooth || Math.abs(targetTop - window.scrollY) > window.innerHeight)
        window.scrollTo(0, targetTop);
      else
        window.scrollTo({ left: 0, top: targetTop, behavior: "smooth" });
    };
    const targetPadding = parseInt(window.getComputedStyle(target).paddingTop, 10);
    const targetTop = window.scrollY + target.getBoundingClientRect().top - getScrollOffset() + targetPadding;
    requestAnimationFrame(scrollToTarget);
  }
}
function normalizeHref(href) {
  const url = new URL(href, fakeHost);
  url.pathname = url.pathname.replace(/(^|\/)index(\.html)?$/, "$1");
  if (siteDataRef.value.cleanUrls)
    url.pathname = url.pathname.replace(/\.html$/, "");
  else if (!url.pathname.endsWith("/") && !url.pathname.endsWith(".html"))
    url.pathname += ".html";
  return url.pathname + url.search + url.hash;
}
const runCbs = () => contentUpdatedCallbacks.forEach((fn) => fn());
const Content = defineComponent({
  name: "VitePressContent",
  props: {
    as: { type: [Object, String], default: "div" }
  },
  setup(props) {
    const route = useRoute();
    const { frontmatter, site } = useData$1();
    watch(frontmatter, runCbs, { deep: true, flush: "post" });
    return () => h(props.as, site.value.contentProps ?? { style: { position: "relative" } }, [
      route.component ? h(route.component, {
        onVnodeMounted: runCbs,
        onVnodeUpdated: runCbs,
        onVnodeUnmounted: runCbs
      }) : "404 Page Not Found"
    ]);
  }
});
const _sfc_main$13 = /* @__PURE__ */ defineComponent({
  __name: "VPBackdrop",
  __ssrInlineRender: true,
  props: {
    show: { type: Boolean }
  },
  setup(__props) {
    return (_ctx, _push, _parent, _attrs) => {
      if (__props.show) {
        _push(`<div${ssrRenderAttrs(mergeProps({ class: "VPBackdrop" }, _attrs))} data-v-62c5f63b></div>`);
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$13 = _sfc_main$13.setup;
_sfc_main$13.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPBackdrop.vue");
  return _sfc_setup$13 ? _sfc_setup$13(props, ctx) : void 0;
};
const VPBackdrop = /* @__PURE__ */ _export_sfc(_sfc_main$13, [["__scopeId", "data-v-62c5f63b"]]);
const useData = useData$1;
function throttleAndDebounce(fn, delay) {
  let timeoutId;
  let called = false;
  return () => {
    if (timeoutId)
      clearTimeout(timeoutId);
    if (!called) {
      fn();
      (called = true) && setTimeout(() => called = false, delay);
    } else
      timeoutId = setTimeout(fn, delay);
  };
}
function ensureStartingSlash(path) {
  return path.startsWith("/") ? path : `/${path}`;
}
function normalizeLink$1(url) {
  const { pathname, search, hash, protocol } = new URL(url, "http://a.com");
  if (isExternal(url) || url.startsWith("#") || !protocol.startsWith("http") || !treatAsHtml(pathname))
    return url;
  const { site } = useData();
  const normalizedPath = pathname.endsWith("/") || pathname.endsWith(".html") ? url : url.replace(/(?:(^\.+)\/)?.*$/, `$1${pathname.replace(/(\.md)?$/, site.value.cleanUrls ? "" : ".html")}${search}${hash}`);
  return withBase(normalizedPath);
}
function useLangs({ correspondingLink = false } = {}) {
  const { site, localeIndex, page, theme: theme2, hash } = useData();
  const currentLang = computed(() => {
    var _a, _b;
    return {
      label: (_a = site.value.locales[localeIndex.value]) == null ? void 0 : _a.label,
      link: ((_b = site.value.locales[localeIndex.value]) == null ? void 0 : _b.link) || (localeIndex.value === "root" ? "/" : `/${localeIndex.value}/`)
    };
  });
  const localeLinks = computed(() => Object.entries(site.value.locales).flatMap(([key, value]) => currentLang.value.label === value.label ? [] : {
    text: value.label,
    link: normalizeLink(value.link || (key === "root" ? "/" : `/${key}/`), theme2.value.i18nRouting !== false && correspondingLink, page.value.relativePath.slice(currentLang.value.link.length - 1), !site.value.cleanUrls) + hash.value
  }));
  return { localeLinks, currentLang };
}
function normalizeLink(link2, addPath, path, addExt) {
  return addPath ? link2.replace(/\/$/, "") + ensureStartingSlash(path.replace(/(^|\/)index\.md$/, "$1").replace(/\.md$/, addExt ? ".html" : "")) : link2;
}
const _sfc_main$12 = /* @__PURE__ */ defineComponent({
  __name: "NotFound",
  __ssrInlineRender: true,
  setup(__props) {
    const { theme: theme2 } = useData();
    const { currentLang } = useLangs();
    return (_ctx, _push, _parent, _attrs) => {
      var _a, _b, _c, _d, _e;
      _push(`<div${ssrRenderAttrs(mergeProps({ class: "NotFound" }, _attrs))} data-v-51c81fa1><p class="code" data-v-51c81fa1>${ssrInterpolate(((_a = unref(theme2).notFound) == null ? void 0 : _a.code) ?? "404")}</p><h1 class="title" data-v-51c81fa1>${ssrInterpolate(((_b = unref(theme2).notFound) == null ? void 0 : _b.title) ?? "PAGE NOT FOUND")}</h1><div class="divider" data-v-51c81fa1></div><blockquote class="quote" data-v-51c81fa1>${ssrInterpolate(((_c = unref(theme2).notFound) == null ? void 0 : _c.quote) ?? "But if you don't change your direction, and if you keep looking, you may end up where you are heading.")}</blockquote><div class="action" data-v-51c81fa1><a class="link"${ssrRenderAttr("href", unref(withBase)(unref(currentLang).link))}${ssrRenderAttr("aria-label", ((_d = unref(theme2).notFound) == null ? void 0 : _d.linkLabel) ?? "go to home")} data-v-51c81fa1>${ssrInterpolate(((_e = unref(theme2).notFound) == null ? void 0 : _e.linkText) ?? "Take me home")}</a></div></div>`);
    };
  }
});
const _sfc_setup$12 = _sfc_main$12.setup;
_sfc_main$12.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/NotFound.vue");
  return _sfc_setup$12 ? _sfc_setup$12(props, ctx) : void 0;
};
const NotFound = /* @__PURE__ */ _export_sfc(_sfc_main$12, [["__scopeId", "data-v-51c81fa1"]]);
function getSidebar(_sidebar, path) {
  if (Array.isArray(_sidebar))
    return addBase(_sidebar);
  if (_sidebar == null)
    return [];
  path = ensureStartingSlash(path);
  const dir = Object.keys(_sidebar).sort((a, b) => {
    return b.split("/").length - a.split("/").length;
  }).find((dir2) => {
    return path.startsWith(ensureStartingSlash(dir2));
  });
  const sidebar = dir ? _sidebar[dir] : [];
  return Array.isArray(sidebar) ? addBase(sidebar) : addBase(sidebar.items, sidebar.base);
}
function getSidebarGroups(sidebar) {
  const groups = [];
  let lastGroupIndex = 0;
  for (const index in sidebar) {
    const item = sidebar[index];
    if (item.items) {
      lastGroupIndex = groups.push(item);
      continue;
    }
    if (!groups[lastGroupIndex]) {
      groups.push({ items: [] });
    }
    groups[lastGroupIndex].items.push(item);
  }
  return groups;
}
function getFlatSideBarLinks(sidebar) {
  const links = [];
  function recursivelyExtractLinks(items) {
    for (const item of items) {
      if (item.text && item.link) {
        links.push({
          text: item.text,
          link: item.link,
          docFooterText: item.docFooterText
        });
      }
      if (item.items) {
        recursivelyExtractLinks(item.items);
      }
    }
  }
  recursivelyExtractLinks(sidebar);
  return links;
}
function hasActiveLink(path, items) {
  if (Array.isArray(items)) {
    return items.some((item) => hasActiveLink(path, item));
  }
  return isActive(path, items.link) ? true : items.items ? hasActiveLink(path, items.items) : false;
}
function addBase(items, _base) {
  return [...items].map((_item) => {
    const item = { ..._item };
    const base = item.base || _base;
    if (base && item.link)
      item.link = base + item.link;
    if (item.items)
      item.items = addBase(item.items, base);
    return item;
  });
}
function useSidebar() {
  const { frontmatter, page, theme: theme2 } = useData();
  const is960 = useMediaQuery("(min-width: 960px)");
  const isOpen = ref(false);
  const _sidebar = computed(() => {
    const sidebarConfig = theme2.value.sidebar;
    const relativePath = page.value.relativePath;
    return sidebarConfig ? getSidebar(sidebarConfig, relativePath) : [];
  });
  const sidebar = ref(_sidebar.value);
  watch(_sidebar, (next, prev) => {
    if (JSON.stringify(next) !== JSON.stringify(prev))
      sidebar.value = _sidebar.value;
  });
  const hasSidebar = computed(() => {
    return frontmatter.value.sidebar !== false && sidebar.value.length > 0 && frontmatter.value.layout !== "home";
  });
  const leftAside = computed(() => {
    if (hasAside)
      return frontmatter.value.aside == null ? theme2.value.aside === "left" : frontmatter.value.aside === "left";
    return false;
  });
  const hasAside = computed(() => {
    if (frontmatter.value.layout === "home")
      return false;
    if (frontmatter.value.aside != null)
      return !!frontmatter.value.aside;
    return theme2.value.aside !== false;
  });
  const isSidebarEnabled = computed(() => hasSidebar.value && is960.value);
  const sidebarGroups = computed(() => {
    return hasSidebar.value ? getSidebarGroups(sidebar.value) : [];
  });
  function open() {
    isOpen.value = true;
  }
  function close() {
    isOpen.value = false;
  }
  function toggle() {
    isOpen.value ? close() : open();
  }
  return {
    isOpen,
    sidebar,
    sidebarGroups,
    hasSidebar,
    hasAside,
    leftAside,
    isSidebarEnabled,
    open,
    close,
    toggle
  };
}
function useCloseSidebarOnEscape(isOpen, close) {
  let triggerElement;
  watchEffect(() => {
    triggerElement = isOpen.value ? document.activeElement : void 0;
  });
  onMounted(() => {
    window.addEventListener("keyup", onEscape);
  });
  onUnmounted(() => {
    window.removeEventListener("keyup", onEscape);
  });
  function onEscape(e) {
    if (e.key === "Escape" && isOpen.value) {
      close();
      triggerElement == null ? void 0 : triggerElement.focus();
    }
  }
}
function useSidebarControl(item) {
  const { page, hash } = useData();
  const collapsed = ref(false);
  const collapsible = computed(() => {
    return item.value.collapsed != null;
  });
  const isLink = computed(() => {
    return !!item.value.link;
  });
  const isActiveLink = ref(false);
  const updateIsActiveLink = () => {
    isActiveLink.value = isActive(page.value.relativePath, item.value.link);
  };
  watch([page, item, hash], updateIsActiveLink);
  onMounted(updateIsActiveLink);
  const hasActiveLink$1 = computed(() => {
    if (isActiveLink.value) {
      return true;
    }
    return item.value.items ? hasActiveLink(page.value.relativePath, item.value.items) : false;
  });
  const hasChildren = computed(() => {
    return !!(item.value.items && item.value.items.length);
  });
  watchEffect(() => {
    collapsed.value = !!(collapsible.value && item.value.collapsed);
  });
  watchPostEffect(() => {
    (isActiveLink.value || hasActiveLink$1.value) && (collapsed.value = false);
  });
  function toggle() {
    if (collapsible.value) {
      collapsed.value = !collapsed.value;
    }
  }
  return {
    collapsed,
    collapsible,
    isLink,
    isActiveLink,
    hasActiveLink: hasActiveLink$1,
    hasChildren,
    toggle
  };
}
function useAside() {
  const { hasSidebar } = useSidebar();
  const is960 = useMediaQuery("(min-width: 960px)");
  const is1280 = useMediaQuery("(min-width: 1280px)");
  const isAsideEnabled = computed(() => {
    if (!is1280.value && !is960.value) {
      return false;
    }
    return hasSidebar.value ? is1280.value : is960.value;
  });
  return {
    isAsideEnabled
  };
}
const ignoreRE = /\b(?:VPBadge|header-anchor|footnote-ref|ignore-header)\b/;
const resolvedHeaders = [];
function resolveTitle(theme2) {
  return typeof theme2.outline === "object" && !Array.isArray(theme2.outline) && theme2.outline.label || theme2.outlineTitle || "On this page";
}
function getHeaders(range) {
  const headers = [
    ...document.querySelectorAll(".VPDoc :where(h1,h2,h3,h4,h5,h6)")
  ].filter((el) => el.id && el.hasChildNodes()).map((el) => {
    const level = Number(el.tagName[1]);
    return {
      element: el,
      title: serializeHeader(el),
      link: "#" + el.id,
      level
    };
  });
  return resolveHeaders(headers, range);
}
function serializeHeader(h2) {
  let ret = "";
  for (const node of h2.childNodes) {
    if (node.nodeType === 1) {
      if (ignoreRE.test(node.className))
        continue;
      ret += node.textContent;
    } else if (node.nodeType === 3) {
      ret += node.textContent;
    }
  }
  return ret.trim();
}
function resolveHeaders(headers, range) {
  if (range === false) {
    return [];
  }
  const levelsRange = (typeof range === "object" && !Array.isArray(range) ? range.level : range) || 2;
  const [high, low] = typeof levelsRange === "number" ? [levelsRange, levelsRange] : levelsRange === "deep" ? [2, 6] : levelsRange;
  return buildTree(headers, high, low);
}
function useActiveAnchor(container, marker) {
  const { isAsideEnabled } = useAside();
  const onScroll = throttleAndDebounce(setActiveLink, 100);
  let prevActiveLink = null;
  onMounted(() => {
    requestAnimationFrame(setActiveLink);
    window.addEventListener("scroll", onScroll);
  });
  onUpdated(() => {
    activateLink(location.hash);
  });
  onUnmounted(() => {
    window.removeEventListener("scroll", onScroll);
  });
  function setActiveLink() {
    if (!isAsideEnabled.value) {
      return;
    }
    const scrollY = window.scrollY;
    const innerHeight = window.innerHeight;
    const offsetHeight = document.body.offsetHeight;
    const isBottom = Math.abs(scrollY + innerHeight - offsetHeight) < 1;
    const headers = resolvedHeaders.map(({ element, link: link2 }) => ({
      link: link2,
      top: getAbsoluteTop(element)
    })).filter(({ top }) => !Number.isNaN(top)).sort((a, b) => a.top - b.top);
    if (!headers.length) {
      activateLink(null);
      return;
    }
    if (scrollY < 1) {
      activateLink(null);
      return;
    }
    if (isBottom) {
      activateLink(headers[headers.length - 1].link);
      return;
    }
    let activeLink = null;
    for (const { link: link2, top } of headers) {
      if (top > scrollY + getScrollOffset() + 4) {
        break;
      }
      activeLink = link2;
    }
    activateLink(activeLink);
  }
  function activateLink(hash) {
    if (prevActiveLink) {
      prevActiveLink.classList.remove("active");
    }
    if (hash == null) {
      prevActiveLink = null;
    } else {
      prevActiveLink = container.value.querySelector(`a[href="${decodeURIComponent(hash)}"]`);
    }
    const activeLink = prevActiveLink;
    if (activeLink) {
      activeLink.classList.add("active");
      marker.value.style.top = activeLink.offsetTop + 39 + "px";
      marker.value.style.opacity = "1";
    } else {
      marker.value.style.top = "33px";
      marker.value.style.opacity = "0";
    }
  }
}
function getAbsoluteTop(element) {
  let offsetTop = 0;
  while (element !== document.body) {
    if (element === null) {
      return NaN;
    }
    offsetTop += element.offsetTop;
    element = element.offsetParent;
  }
  return offsetTop;
}
function buildTree(data, min, max) {
  resolvedHeaders.length = 0;
  const result = [];
  const stack = [];
  data.forEach((item) => {
    const node = { ...item, children: [] };
    let parent = stack[stack.length - 1];
    while (parent && parent.level >= node.level) {
      stack.pop();
      parent = stack[stack.length - 1];
    }
    if (node.element.classList.contains("ignore-header") || parent && "shouldIgnore" in parent) {
      stack.push({ level: node.level, shouldIgnore: true });
      return;
    }
    if (node.level > max || node.level < min)
      return;
    resolvedHeaders.push({ element: node.element, link: node.link });
    if (parent)
      parent.children.push(node);
    else
      result.push(node);
    stack.push(node);
  });
  return result;
}
const _sfc_main$11 = /* @__PURE__ */ defineComponent({
  __name: "VPDocOutlineItem",
  __ssrInlineRender: true,
  props: {
    headers: {},
    root: { type: Boolean }
  },
  setup(__props) {
    return (_ctx, _push, _parent, _attrs) => {
      const _component_VPDocOutlineItem = resolveComponent("VPDocOutlineItem", true);
      _push(`<ul${ssrRenderAttrs(mergeProps({
        class: ["VPDocOutlineItem", __props.root ? "root" : "nested"]
      }, _attrs))} data-v-f14dab52><!--[-->`);
      ssrRenderList(__props.headers, ({ children, link: link2, title }) => {
        _push(`<li data-v-f14dab52><a class="outline-link"${ssrRenderAttr("href", link2)}${ssrRenderAttr("title", title)} data-v-f14dab52>${ssrInterpolate(title)}</a>`);
        if (children == null ? void 0 : children.length) {
          _push(ssrRenderComponent(_component_VPDocOutlineItem, { headers: children }, null, _parent));
        } else {
          _push(`<!---->`);
        }
        _push(`</li>`);
      });
      _push(`<!--]--></ul>`);
    };
  }
});
const _sfc_setup$11 = _sfc_main$11.setup;
_sfc_main$11.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPDocOutlineItem.vue");
  return _sfc_setup$11 ? _sfc_setup$11(props, ctx) : void 0;
};
const VPDocOutlineItem = /* @__PURE__ */ _export_sfc(_sfc_main$11, [["__scopeId", "data-v-f14dab52"]]);
const _sfc_main$10 = /* @__PURE__ */ defineComponent({
  __name: "VPDocAsideOutline",
  __ssrInlineRender: true,
  setup(__props) {
    const { frontmatter, theme: theme2 } = useData();
    const headers = shallowRef([]);
    onContentUpdated(() => {
      headers.value = getHeaders(frontmatter.value.outline ?? theme2.value.outline);
    });
    const container = ref();
    const marker = ref();
    useActiveAnchor(container, marker);
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<nav${ssrRenderAttrs(mergeProps({
        "aria-labelledby": "doc-outline-aria-label",
        class: ["VPDocAsideOutline", { "has-outline": headers.value.length > 0 }],
        ref_key: "container",
        ref: container
      }, _attrs))} data-v-f6feb04a><div class="content" data-v-f6feb04a><div class="outline-marker" data-v-f6feb04a></div><div aria-level="2" class="outline-title" id="doc-outline-aria-label" role="heading" data-v-f6feb04a>${ssrInterpolate(unref(resolveTitle)(unref(theme2)))}</div>`);
      _push(ssrRenderComponent(VPDocOutlineItem, {
        headers: headers.value,
        root: true
      }, null, _parent));
      _push(`</div></nav>`);
    };
  }
});
const _sfc_setup$10 = _sfc_main$10.setup;
_sfc_main$10.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPDocAsideOutline.vue");
  return _sfc_setup$10 ? _sfc_setup$10(props, ctx) : void 0;
};
const VPDocAsideOutline = /* @__PURE__ */ _export_sfc(_sfc_main$10, [["__scopeId", "data-v-f6feb04a"]]);
const _sfc_main$$ = /* @__PURE__ */ defineComponent({
  __name: "VPDocAsideCarbonAds",
  __ssrInlineRender: true,
  props: {
    carbonAds: {}
  },
  setup(__props) {
    const VPCarbonAds = () => null;
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({ class: "VPDocAsideCarbonAds" }, _attrs))}>`);
      _push(ssrRenderComponent(unref(VPCarbonAds), { "carbon-ads": __props.carbonAds }, null, _parent));
      _push(`</div>`);
    };
  }
});
const _sfc_setup$$ = _sfc_main$$.setup;
_sfc_main$$.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPDocAsideCarbonAds.vue");
  return _sfc_setup$$ ? _sfc_setup$$(props, ctx) : void 0;
};
const _sfc_main$_ = /* @__PURE__ */ defineComponent({
  __name: "VPDocAside",
  __ssrInlineRender: true,
  setup(__props) {
    const { theme: theme2 } = useData();
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({ class: "VPDocAside" }, _attrs))} data-v-f63ea063>`);
      ssrRenderSlot(_ctx.$slots, "aside-top", {}, null, _push, _parent);
      ssrRenderSlot(_ctx.$slots, "aside-outline-before", {}, null, _push, _parent);
      _push(ssrRenderComponent(VPDocAsideOutline, null, null, _parent));
      ssrRenderSlot(_ctx.$slots, "aside-outline-after", {}, null, _push, _parent);
      _push(`<div class="spacer" data-v-f63ea063></div>`);
      ssrRenderSlot(_ctx.$slots, "aside-ads-before", {}, null, _push, _parent);
      if (unref(theme2).carbonAds) {
        _push(ssrRenderComponent(_sfc_main$$, {
          "carbon-ads": unref(theme2).carbonAds
        }, null, _parent));
      } else {
        _push(`<!---->`);
      }
      ssrRenderSlot(_ctx.$slots, "aside-ads-after", {}, null, _push, _parent);
      ssrRenderSlot(_ctx.$slots, "aside-bottom", {}, null, _push, _parent);
      _push(`</div>`);
    };
  }
});
const _sfc_setup$_ = _sfc_main$_.setup;
_sfc_main$_.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPDocAside.vue");
  return _sfc_setup$_ ? _sfc_setup$_(props, ctx) : void 0;
};
const VPDocAside = /* @__PURE__ */ _export_sfc(_sfc_main$_, [["__scopeId", "data-v-f63ea063"]]);
function useEditLink() {
  const { theme: theme2, page } = useData();
  return computed(() => {
    const { text = "Edit this page", pattern = "" } = theme2.value.editLink || {};
    let url;
    if (typeof pattern === "function") {
      url = pattern(page.value);
    } else {
      url = pattern.replace(/:path/g, page.value.filePath);
    }
    return { url, text };
  });
}
function usePrevNext() {
  const { page, theme: theme2, frontmatter } = useData();
  return computed(() => {
    var _a, _b, _c, _d, _e, _f, _g, _h;
    const sidebar = getSidebar(theme2.value.sidebar, page.value.relativePath);
    const links = getFlatSideBarLinks(sidebar);
    const candidates = uniqBy(links, (link2) => link2.link.replace(/[?#].*$/, ""));
    const index = candidates.findIndex((link2) => {
      return isActive(page.value.relativePath, link2.link);
    });
    const hidePrev = ((_a = theme2.value.docFooter) == null ? void 0 : _a.prev) === false && !frontmatter.value.prev || frontmatter.value.prev === false;
    const hideNext = ((_b = theme2.value.docFooter) == null ? void 0 : _b.next) === false && !frontmatter.value.next || frontmatter.value.next === false;
    return {
      prev: hidePrev ? void 0 : {
        text: (typeof frontmatter.value.prev === "string" ? frontmatter.value.prev : typeof frontmatter.value.prev === "object" ? frontmatter.value.prev.text : void 0) ?? ((_c = candidates[index - 1]) == null ? void 0 : _c.docFooterText) ?? ((_d = candidates[index - 1]) == null ? void 0 : _d.text),
        link: (typeof frontmatter.value.prev === "object" ? frontmatter.value.prev.link : void 0) ?? ((_e = candidates[index - 1]) == null ? void 0 : _e.link)
      },
      next: hideNext ? void 0 : {
        text: (typeof frontmatter.value.next === "string" ? frontmatter.value.next : typeof frontmatter.value.next === "object" ? frontmatter.value.next.text : void 0) ?? ((_f = candidates[index + 1]) == null ? void 0 : _f.docFooterText) ?? ((_g = candidates[index + 1]) == null ? void 0 : _g.text),
        link: (typeof frontmatter.value.next === "object" ? frontmatter.value.next.link : void 0) ?? ((_h = candidates[index + 1]) == null ? void 0 : _h.link)
      }
    };
  });
}
function uniqBy(array, keyFn) {
  const seen = /* @__PURE__ */ new Set();
  return array.filter((item) => {
    const k = keyFn(item);
    return seen.has(k) ? false : seen.add(k);
  });
}
const _sfc_main$Z = /* @__PURE__ */ defineComponent({
  __name: "VPLink",
  __ssrInlineRender: true,
  props: {
    tag: {},
    href: {},
    noIcon: { type: Boolean },
    target: {},
    rel: {}
  },
  setup(__props) {
    const props = __props;
    const tag = computed(() => props.tag ?? (props.href ? "a" : "span"));
    const isExternal2 = computed(
      () => props.href && EXTERNAL_URL_RE.test(props.href) || props.target === "_blank"
    );
    return (_ctx, _push, _parent, _attrs) => {
      ssrRenderVNode(_push, createVNode(resolveDynamicComponent(tag.value), mergeProps({
        class: ["VPLink", {
          link: __props.href,
          "vp-external-link-icon": isExternal2.value,
          "no-icon": __props.noIcon
        }],
        href: __props.href ? unref(normalizeLink$1)(__props.href) : void 0,
        target: __props.target ?? (isExternal2.value ? "_blank" : void 0),
        rel: __props.rel ?? (isExternal2.value ? "noreferrer" : void 0)
      }, _attrs), {
        default: withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            ssrRenderSlot(_ctx.$slots, "default", {}, null, _push2, _parent2, _scopeId);
          } else {
            return [
              renderSlot(_ctx.$slots, "default")
            ];
          }
        }),
        _: 3
      }), _parent);
    };
  }
});
const _sfc_setup$Z = _sfc_main$Z.setup;
_sfc_main$Z.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPLink.vue");
  return _sfc_setup$Z ? _sfc_setup$Z(props, ctx) : void 0;
};
const _sfc_main$Y = /* @__PURE__ */ defineComponent({
  __name: "VPDocFooterLastUpdated",
  __ssrInlineRender: true,
  setup(__props) {
    const { theme: theme2, page, lang } = useData();
    const date = computed(
      () => new Date(page.value.lastUpdated)
    );
    const isoDatetime = computed(() => date.value.toISOString());
    const datetime = ref("");
    onMounted(() => {
      watchEffect(() => {
        var _a, _b, _c;
        datetime.value = new Intl.DateTimeFormat(
          ((_b = (_a = theme2.value.lastUpdated) == null ? void 0 : _a.formatOptions) == null ? void 0 : _b.forceLocale) ? lang.value : void 0,
          ((_c = theme2.value.lastUpdated) == null ? void 0 : _c.formatOptions) ?? {
            dateStyle: "short",
            timeStyle: "short"
          }
        ).format(date.value);
      });
    });
    return (_ctx, _push, _parent, _attrs) => {
      var _a;
      _push(`<p${ssrRenderAttrs(mergeProps({ class: "VPLastUpdated" }, _attrs))} data-v-61884d2b>${ssrInterpolate(((_a = unref(theme2).lastUpdated) == null ? void 0 : _a.text) || unref(theme2).lastUpdatedText || "Last updated")}: <time${ssrRenderAttr("datetime", isoDatetime.value)} data-v-61884d2b>${ssrInterpolate(datetime.value)}</time></p>`);
    };
  }
});
const _sfc_setup$Y = _sfc_main$Y.setup;
_sfc_main$Y.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPDocFooterLastUpdated.vue");
  return _sfc_setup$Y ? _sfc_setup$Y(props, ctx) : void 0;
};
const VPDocFooterLastUpdated = /* @__PURE__ */ _export_sfc(_sfc_main$Y, [["__scopeId", "data-v-61884d2b"]]);
const _sfc_main$X = /* @__PURE__ */ defineComponent({
  __name: "VPDocFooter",
  __ssrInlineRender: true,
  setup(__props) {
    const { theme: theme2, page, frontmatter } = useData();
    const editLink = useEditLink();
    const control = usePrevNext();
    const hasEditLink = computed(
      () => theme2.value.editLink && frontmatter.value.editLink !== false
    );
    const hasLastUpdated = computed(() => page.value.lastUpdated);
    const showFooter = computed(
      () => hasEditLink.value || hasLastUpdated.value || control.value.prev || control.value.next
    );
    return (_ctx, _push, _parent, _attrs) => {
      var _a, _b, _c, _d;
      if (showFooter.value) {
        _push(`<footer${ssrRenderAttrs(mergeProps({ class: "VPDocFooter" }, _attrs))} data-v-255043d8>`);
        ssrRenderSlot(_ctx.$slots, "doc-footer-before", {}, null, _push, _parent);
        if (hasEditLink.value || hasLastUpdated.value) {
          _push(`<div class="edit-info" data-v-255043d8>`);
          if (hasEditLink.value) {
            _push(`<div class="edit-link" data-v-255043d8>`);
            _push(ssrRenderComponent(_sfc_main$Z, {
              class: "edit-link-button",
              href: unref(editLink).url,
              "no-icon": true
            }, {
              default: withCtx((_, _push2, _parent2, _scopeId) => {
                if (_push2) {
                  _push2(`<span class="vpi-square-pen edit-link-icon" data-v-255043d8${_scopeId}></span> ${ssrInterpolate(unref(editLink).text)}`);
                } else {
                  return [
                    createVNode("span", { class: "vpi-square-pen edit-link-icon" }),
                    createTextVNode(" " + toDisplayString(unref(editLink).text), 1)
                  ];
                }
              }),
              _: 1
            }, _parent));
            _push(`</div>`);
          } else {
            _push(`<!---->`);
          }
          if (hasLastUpdated.value) {
            _push(`<div class="last-updated" data-v-255043d8>`);
            _push(ssrRenderComponent(VPDocFooterLastUpdated, null, null, _parent));
            _push(`</div>`);
          } else {
            _push(`<!---->`);
          }
          _push(`</div>`);
        } else {
          _push(`<!---->`);
        }
        if (((_a = unref(control).prev) == null ? void 0 : _a.link) || ((_b = unref(control).next) == null ? void 0 : _b.link)) {
          _push(`<nav class="prev-next" aria-labelledby="doc-footer-aria-label" data-v-255043d8><span class="visually-hidden" id="doc-footer-aria-label" data-v-255043d8>Pager</span><div class="pager" data-v-255043d8>`);
          if ((_c = unref(control).prev) == null ? void 0 : _c.link) {
            _push(ssrRenderComponent(_sfc_main$Z, {
              class: "pager-link prev",
              href: unref(control).prev.link
            }, {
              default: withCtx((_, _push2, _parent2, _scopeId) => {
                var _a2, _b2;
                if (_push2) {
                  _push2(`<span class="desc" data-v-255043d8${_scopeId}>${(((_a2 = unref(theme2).docFooter) == null ? void 0 : _a2.prev) || "Previous page") ?? ""}</span><span class="title" data-v-255043d8${_scopeId}>${unref(control).prev.text ?? ""}</span>`);
                } else {
                  return [
                    createVNode("span", {
                      class: "desc",
                      innerHTML: ((_b2 = unref(theme2).docFooter) == null ? void 0 : _b2.prev) || "Previous page"
                    }, null, 8, ["innerHTML"]),
                    createVNode("span", {
                      class: "title",
                      innerHTML: unref(control).prev.text
                    }, null, 8, ["innerHTML"])
                  ];
                }
              }),
              _: 1
            }, _parent));
          } else {
            _push(`<!---->`);
          }
          _push(`</div><div class="pager" data-v-255043d8>`);
          if ((_d = unref(control).next) == null ? void 0 : _d.link) {
            _push(ssrRenderComponent(_sfc_main$Z, {
              class: "pager-link next",
              href: unref(control).next.link
            }, {
              default: withCtx((_, _push2, _parent2, _scopeId) => {
                var _a2, _b2;
                if (_push2) {
                  _push2(`<span class="desc" data-v-255043d8${_scopeId}>${(((_a2 = unref(theme2).docFooter) == null ? void 0 : _a2.next) || "Next page") ?? ""}</span><span class="title" data-v-255043d8${_scopeId}>${unref(control).next.text ?? ""}</span>`);
                } else {
                  return [
                    createVNode("span", {
                      class: "desc",
                      innerHTML: ((_b2 = unref(theme2).docFooter) == null ? void 0 : _b2.next) || "Next page"
                    }, null, 8, ["innerHTML"]),
                    createVNode("span", {
                      class: "title",
                      innerHTML: unref(control).next.text
                    }, null, 8, ["innerHTML"])
                  ];
                }
              }),
              _: 1
            }, _parent));
          } else {
            _push(`<!---->`);
          }
          _push(`</div></nav>`);
        } else {
          _push(`<!---->`);
        }
        _push(`</footer>`);
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$X = _sfc_main$X.setup;
_sfc_main$X.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPDocFooter.vue");
  return _sfc_setup$X ? _sfc_setup$X(props, ctx) : void 0;
};
const VPDocFooter = /* @__PURE__ */ _export_sfc(_sfc_main$X, [["__scopeId", "data-v-255043d8"]]);
const _sfc_main$W = /* @__PURE__ */ defineComponent({
  __name: "VPDoc",
  __ssrInlineRender: true,
  setup(__props) {
    const { theme: theme2 } = useData();
    const route = useRoute();
    const { hasSidebar, hasAside, leftAside } = useSidebar();
    const pageName = computed(
      () => route.path.replace(/[./]+/g, "_").replace(/_html$/, "")
    );
    return (_ctx, _push, _parent, _attrs) => {
      const _component_Content = resolveComponent("Content");
      _push(`<div${ssrRenderAttrs(mergeProps({
        class: ["VPDoc", { "has-sidebar": unref(hasSidebar), "has-aside": unref(hasAside) }]
      }, _attrs))} data-v-df9cb190>`);
      ssrRenderSlot(_ctx.$slots, "doc-top", {}, null, _push, _parent);
      _push(`<div class="container" data-v-df9cb190>`);
      if (unref(hasAside)) {
        _push(`<div class="${ssrRenderClass([{ "left-aside": unref(leftAside) }, "aside"])}" data-v-df9cb190><div class="aside-curtain" data-v-df9cb190></div><div class="aside-container" data-v-df9cb190><div class="aside-content" data-v-df9cb190>`);
        _push(ssrRenderComponent(VPDocAside, null, {
          "aside-top": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-top", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-top", {}, void 0, true)
              ];
            }
          }),
          "aside-bottom": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-bottom", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-bottom", {}, void 0, true)
              ];
            }
          }),
          "aside-outline-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-outline-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-outline-before", {}, void 0, true)
              ];
            }
          }),
          "aside-outline-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-outline-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-outline-after", {}, void 0, true)
              ];
            }
          }),
          "aside-ads-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-ads-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-ads-before", {}, void 0, true)
              ];
            }
          }),
          "aside-ads-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-ads-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-ads-after", {}, void 0, true)
              ];
            }
          }),
          _: 3
        }, _parent));
        _push(`</div></div></div>`);
      } else {
        _push(`<!---->`);
      }
      _push(`<div class="content" data-v-df9cb190><div class="content-container" data-v-df9cb190>`);
      ssrRenderSlot(_ctx.$slots, "doc-before", {}, null, _push, _parent);
      _push(`<main class="main" data-v-df9cb190>`);
      _push(ssrRenderComponent(_component_Content, {
        class: ["vp-doc", [
          pageName.value,
          unref(theme2).externalLinkIcon && "external-link-icon-enabled"
        ]]
      }, null, _parent));
      _push(`</main>`);
      _push(ssrRenderComponent(VPDocFooter, null, {
        "doc-footer-before": withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            ssrRenderSlot(_ctx.$slots, "doc-footer-before", {}, null, _push2, _parent2, _scopeId);
          } else {
            return [
              renderSlot(_ctx.$slots, "doc-footer-before", {}, void 0, true)
            ];
          }
        }),
        _: 3
      }, _parent));
      ssrRenderSlot(_ctx.$slots, "doc-after", {}, null, _push, _parent);
      _push(`</div></div></div>`);
      ssrRenderSlot(_ctx.$slots, "doc-bottom", {}, null, _push, _parent);
      _push(`</div>`);
    };
  }
});
const _sfc_setup$W = _sfc_main$W.setup;
_sfc_main$W.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPDoc.vue");
  return _sfc_setup$W ? _sfc_setup$W(props, ctx) : void 0;
};
const VPDoc = /* @__PURE__ */ _export_sfc(_sfc_main$W, [["__scopeId", "data-v-df9cb190"]]);
const _sfc_main$V = /* @__PURE__ */ defineComponent({
  __name: "VPButton",
  __ssrInlineRender: true,
  props: {
    tag: {},
    size: { default: "medium" },
    theme: { default: "brand" },
    text: {},
    href: {},
    target: {},
    rel: {}
  },
  setup(__props) {
    const props = __props;
    const isExternal2 = computed(
      () => props.href && EXTERNAL_URL_RE.test(props.href)
    );
    const component = computed(() => {
      return props.tag || (props.href ? "a" : "button");
    });
    return (_ctx, _push, _parent, _attrs) => {
      ssrRenderVNode(_push, createVNode(resolveDynamicComponent(component.value), mergeProps({
        class: ["VPButton", [__props.size, __props.theme]],
        href: __props.href ? unref(normalizeLink$1)(__props.href) : void 0,
        target: props.target ?? (isExternal2.value ? "_blank" : void 0),
        rel: props.rel ?? (isExternal2.value ? "noreferrer" : void 0)
      }, _attrs), {
        default: withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            _push2(`${ssrInterpolate(__props.text)}`);
          } else {
            return [
              createTextVNode(toDisplayString(__props.text), 1)
            ];
          }
        }),
        _: 1
      }), _parent);
    };
  }
});
const _sfc_setup$V = _sfc_main$V.setup;
_sfc_main$V.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPButton.vue");
  return _sfc_setup$V ? _sfc_setup$V(props, ctx) : void 0;
};
const VPButton = /* @__PURE__ */ _export_sfc(_sfc_main$V, [["__scopeId", "data-v-9793e5d3"]]);
const _sfc_main$U = /* @__PURE__ */ defineComponent({
  ...{ inheritAttrs: false },
  __name: "VPImage",
  __ssrInlineRender: true,
  props: {
    image: {},
    alt: {}
  },
  setup(__props) {
    return (_ctx, _push, _parent, _attrs) => {
      const _component_VPImage = resolveComponent("VPImage", true);
      if (__props.image) {
        _push(`<!--[-->`);
        if (typeof __props.image === "string" || "src" in __props.image) {
          _push(`<img${ssrRenderAttrs(mergeProps({ class: "VPImage" }, typeof __props.image === "string" ? _ctx.$attrs : { ...__props.image, ..._ctx.$attrs }, {
            src: unref(withBase)(typeof __props.image === "string" ? __props.image : __props.image.src),
            alt: __props.alt ?? (typeof __props.image === "string" ? "" : __props.image.alt || "")
          }))} data-v-e39299dc>`);
        } else {
          _push(`<!--[-->`);
          _push(ssrRenderComponent(_component_VPImage, mergeProps({
            class: "dark",
            image: __props.image.dark,
            alt: __props.image.alt
          }, _ctx.$attrs), null, _parent));
          _push(ssrRenderComponent(_component_VPImage, mergeProps({
            class: "light",
            image: __props.image.light,
            alt: __props.image.alt
          }, _ctx.$attrs), null, _parent));
          _push(`<!--]-->`);
        }
        _push(`<!--]-->`);
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$U = _sfc_main$U.setup;
_sfc_main$U.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPImage.vue");
  return _sfc_setup$U ? _sfc_setup$U(props, ctx) : void 0;
};
const VPImage = /* @__PURE__ */ _export_sfc(_sfc_main$U, [["__scopeId", "data-v-e39299dc"]]);
const _sfc_main$T = /* @__PURE__ */ defineComponent({
  __name: "VPHero",
  __ssrInlineRender: true,
  props: {
    name: {},
    text: {},
    tagline: {},
    image: {},
    actions: {}
  },
  setup(__props) {
    const heroImageSlotExists = inject("hero-image-slot-exists");
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({
        class: ["VPHero", { "has-image": __props.image || unref(heroImageSlotExists) }]
      }, _attrs))} data-v-2efb0f9f><div class="container" data-v-2efb0f9f><div class="main" data-v-2efb0f9f>`);
      ssrRenderSlot(_ctx.$slots, "home-hero-info-before", {}, null, _push, _parent);
      ssrRenderSlot(_ctx.$slots, "home-hero-info", {}, () => {
        _push(`<h1 class="heading" data-v-2efb0f9f>`);
        if (__props.name) {
          _push(`<span class="name clip" data-v-2efb0f9f>${__props.name ?? ""}</span>`);
        } else {
          _push(`<!---->`);
        }
        if (__props.text) {
          _push(`<span class="text" data-v-2efb0f9f>${__props.text ?? ""}</span>`);
        } else {
          _push(`<!---->`);
        }
        _push(`</h1>`);
        if (__props.tagline) {
          _push(`<p class="tagline" data-v-2efb0f9f>${__props.tagline ?? ""}</p>`);
        } else {
          _push(`<!---->`);
        }
      }, _push, _parent);
      ssrRenderSlot(_ctx.$slots, "home-hero-info-after", {}, null, _push, _parent);
      if (__props.actions) {
        _push(`<div class="actions" data-v-2efb0f9f><!--[-->`);
        ssrRenderList(__props.actions, (action) => {
          _push(`<div class="action" data-v-2efb0f9f>`);
          _push(ssrRenderComponent(VPButton, {
            tag: "a",
            size: "medium",
            theme: action.theme,
            text: action.text,
            href: action.link,
            target: action.target,
            rel: action.rel
          }, null, _parent));
          _push(`</div>`);
        });
        _push(`<!--]--></div>`);
      } else {
        _push(`<!---->`);
      }
      ssrRenderSlot(_ctx.$slots, "home-hero-actions-after", {}, null, _push, _parent);
      _push(`</div>`);
      if (__props.image || unref(heroImageSlotExists)) {
        _push(`<div class="image" data-v-2efb0f9f><div class="image-container" data-v-2efb0f9f><div class="image-bg" data-v-2efb0f9f></div>`);
        ssrRenderSlot(_ctx.$slots, "home-hero-image", {}, () => {
          if (__props.image) {
            _push(ssrRenderComponent(VPImage, {
              class: "image-src",
              image: __props.image
            }, null, _parent));
          } else {
            _push(`<!---->`);
          }
        }, _push, _parent);
        _push(`</div></div>`);
      } else {
        _push(`<!---->`);
      }
      _push(`</div></div>`);
    };
  }
});
const _sfc_setup$T = _sfc_main$T.setup;
_sfc_main$T.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPHero.vue");
  return _sfc_setup$T ? _sfc_setup$T(props, ctx) : void 0;
};
const VPHero = /* @__PURE__ */ _export_sfc(_sfc_main$T, [["__scopeId", "data-v-2efb0f9f"]]);
const _sfc_main$S = /* @__PURE__ */ defineComponent({
  __name: "VPHomeHero",
  __ssrInlineRender: true,
  setup(__props) {
    const { frontmatter: fm } = useData();
    return (_ctx, _push, _parent, _attrs) => {
      if (unref(fm).hero) {
        _push(ssrRenderComponent(VPHero, mergeProps({
          class: "VPHomeHero",
          name: unref(fm).hero.name,
          text: unref(fm).hero.text,
          tagline: unref(fm).hero.tagline,
          image: unref(fm).hero.image,
          actions: unref(fm).hero.actions
        }, _attrs), {
          "home-hero-info-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-info-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-info-before")
              ];
            }
          }),
          "home-hero-info": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-info", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-info")
              ];
            }
          }),
          "home-hero-info-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-info-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-info-after")
              ];
            }
          }),
          "home-hero-actions-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-actions-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-actions-after")
              ];
            }
          }),
          "home-hero-image": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-image", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-image")
              ];
            }
          }),
          _: 3
        }, _parent));
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$S = _sfc_main$S.setup;
_sfc_main$S.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPHomeHero.vue");
  return _sfc_setup$S ? _sfc_setup$S(props, ctx) : void 0;
};
const _sfc_main$R = /* @__PURE__ */ defineComponent({
  __name: "VPFeature",
  __ssrInlineRender: true,
  props: {
    icon: {},
    title: {},
    details: {},
    link: {},
    linkText: {},
    rel: {},
    target: {}
  },
  setup(__props) {
    return (_ctx, _push, _parent, _attrs) => {
      _push(ssrRenderComponent(_sfc_main$Z, mergeProps({
        class: "VPFeature",
        href: __props.link,
        rel: __props.rel,
        target: __props.target,
        "no-icon": true,
        tag: __props.link ? "a" : "div"
      }, _attrs), {
        default: withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            _push2(`<article class="box" data-v-fe4b2bda${_scopeId}>`);
            if (typeof __props.icon === "object" && __props.icon.wrap) {
              _push2(`<div class="icon" data-v-fe4b2bda${_scopeId}>`);
              _push2(ssrRenderComponent(VPImage, {
                image: __props.icon,
                alt: __props.icon.alt,
                height: __props.icon.height || 48,
                width: __props.icon.width || 48
              }, null, _parent2, _scopeId));
              _push2(`</div>`);
            } else if (typeof __props.icon === "object") {
              _push2(ssrRenderComponent(VPImage, {
                image: __props.icon,
                alt: __props.icon.alt,
                height: __props.icon.height || 48,
                width: __props.icon.width || 48
              }, null, _parent2, _scopeId));
            } else if (__props.icon) {
              _push2(`<div class="icon" data-v-fe4b2bda${_scopeId}>${__props.icon ?? ""}</div>`);
            } else {
              _push2(`<!---->`);
            }
            _push2(`<h2 class="title" data-v-fe4b2bda${_scopeId}>${__props.title ?? ""}</h2>`);
            if (__props.details) {
              _push2(`<p class="details" data-v-fe4b2bda${_scopeId}>${__props.details ?? ""}</p>`);
            } else {
              _push2(`<!---->`);
            }
            if (__props.linkText) {
              _push2(`<div class="link-text" data-v-fe4b2bda${_scopeId}><p class="link-text-value" data-v-fe4b2bda${_scopeId}>${ssrInterpolate(__props.linkText)} <span class="vpi-arrow-right link-text-icon" data-v-fe4b2bda${_scopeId}></span></p></div>`);
            } else {
              _push2(`<!---->`);
            }
            _push2(`</article>`);
          } else {
            return [
              createVNode("article", { class: "box" }, [
                typeof __props.icon === "object" && __props.icon.wrap ? (openBlock(), createBlock("div", {
                  key: 0,
                  class: "icon"
                }, [
                  createVNode(VPImage, {
                    image: __props.icon,
                    alt: __props.icon.alt,
                    height: __props.icon.height || 48,
                    width: __props.icon.width || 48
                  }, null, 8, ["image", "alt", "height", "width"])
                ])) : typeof __props.icon === "object" ? (openBlock(), createBlock(VPImage, {
                  key: 1,
                  image: __props.icon,
                  alt: __props.icon.alt,
                  height: __props.icon.height || 48,
                  width: __props.icon.width || 48
                }, null, 8, ["image", "alt", "height", "width"])) : __props.icon ? (openBlock(), createBlock("div", {
                  key: 2,
                  class: "icon",
                  innerHTML: __props.icon
                }, null, 8, ["innerHTML"])) : createCommentVNode("", true),
                createVNode("h2", {
                  class: "title",
                  innerHTML: __props.title
                }, null, 8, ["innerHTML"]),
                __props.details ? (openBlock(), createBlock("p", {
                  key: 3,
                  class: "details",
                  innerHTML: __props.details
                }, null, 8, ["innerHTML"])) : createCommentVNode("", true),
                __props.linkText ? (openBlock(), createBlock("div", {
                  key: 4,
                  class: "link-text"
                }, [
                  createVNode("p", { class: "link-text-value" }, [
                    createTextVNode(toDisplayString(__props.linkText) + " ", 1),
                    createVNode("span", { class: "vpi-arrow-right link-text-icon" })
                  ])
                ])) : createCommentVNode("", true)
              ])
            ];
          }
        }),
        _: 1
      }, _parent));
    };
  }
});
const _sfc_setup$R = _sfc_main$R.setup;
_sfc_main$R.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPFeature.vue");
  return _sfc_setup$R ? _sfc_setup$R(props, ctx) : void 0;
};
const VPFeature = /* @__PURE__ */ _export_sfc(_sfc_main$R, [["__scopeId", "data-v-fe4b2bda"]]);
const _sfc_main$Q = /* @__PURE__ */ defineComponent({
  __name: "VPFeatures",
  __ssrInlineRender: true,
  props: {
    features: {}
  },
  setup(__props) {
    const props = __props;
    const grid = computed(() => {
      const length = props.features.length;
      if (!length) {
        return;
      } else if (length === 2) {
        return "grid-2";
      } else if (length === 3) {
        return "grid-3";
      } else if (length % 3 === 0) {
        return "grid-6";
      } else if (length > 3) {
        return "grid-4";
      }
    });
    return (_ctx, _push, _parent, _attrs) => {
      if (__props.features) {
        _push(`<div${ssrRenderAttrs(mergeProps({ class: "VPFeatures" }, _attrs))} data-v-343131ab><div class="container" data-v-343131ab><div class="items" data-v-343131ab><!--[-->`);
        ssrRenderList(__props.features, (feature) => {
          _push(`<div class="${ssrRenderClass([[grid.value], "item"])}" data-v-343131ab>`);
          _push(ssrRenderComponent(VPFeature, {
            icon: feature.icon,
            title: feature.title,
            details: feature.details,
            link: feature.link,
            "link-text": feature.linkText,
            rel: feature.rel,
            target: feature.target
          }, null, _parent));
          _push(`</div>`);
        });
        _push(`<!--]--></div></div></div>`);
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$Q = _sfc_main$Q.setup;
_sfc_main$Q.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPFeatures.vue");
  return _sfc_setup$Q ? _sfc_setup$Q(props, ctx) : void 0;
};
const VPFeatures = /* @__PURE__ */ _export_sfc(_sfc_main$Q, [["__scopeId", "data-v-343131ab"]]);
const _sfc_main$P = /* @__PURE__ */ defineComponent({
  __name: "VPHomeFeatures",
  __ssrInlineRender: true,
  setup(__props) {
    const { frontmatter: fm } = useData();
    return (_ctx, _push, _parent, _attrs) => {
      if (unref(fm).features) {
        _push(ssrRenderComponent(VPFeatures, mergeProps({
          class: "VPHomeFeatures",
          features: unref(fm).features
        }, _attrs), null, _parent));
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$P = _sfc_main$P.setup;
_sfc_main$P.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPHomeFeatures.vue");
  return _sfc_setup$P ? _sfc_setup$P(props, ctx) : void 0;
};
const _sfc_main$O = /* @__PURE__ */ defineComponent({
  __name: "VPHomeContent",
  __ssrInlineRender: true,
  setup(__props) {
    const { width: vw } = useWindowSize({
      initialWidth: 0,
      includeScrollbar: false
    });
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({
        class: "vp-doc container",
        style: unref(vw) ? { "--vp-offset": `calc(50% - ${unref(vw) / 2}px)` } : {}
      }, _attrs))} data-v-4e204ab7>`);
      ssrRenderSlot(_ctx.$slots, "default", {}, null, _push, _parent);
      _push(`</div>`);
    };
  }
});
const _sfc_setup$O = _sfc_main$O.setup;
_sfc_main$O.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPHomeContent.vue");
  return _sfc_setup$O ? _sfc_setup$O(props, ctx) : void 0;
};
const VPHomeContent = /* @__PURE__ */ _export_sfc(_sfc_main$O, [["__scopeId", "data-v-4e204ab7"]]);
const _sfc_main$N = /* @__PURE__ */ defineComponent({
  __name: "VPHome",
  __ssrInlineRender: true,
  setup(__props) {
    const { frontmatter, theme: theme2 } = useData();
    return (_ctx, _push, _parent, _attrs) => {
      const _component_Content = resolveComponent("Content");
      _push(`<div${ssrRenderAttrs(mergeProps({
        class: ["VPHome", {
          "external-link-icon-enabled": unref(theme2).externalLinkIcon
        }]
      }, _attrs))} data-v-d234abe2>`);
      ssrRenderSlot(_ctx.$slots, "home-hero-before", {}, null, _push, _parent);
      _push(ssrRenderComponent(_sfc_main$S, null, {
        "home-hero-info-before": withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            ssrRenderSlot(_ctx.$slots, "home-hero-info-before", {}, null, _push2, _parent2, _scopeId);
          } else {
            return [
              renderSlot(_ctx.$slots, "home-hero-info-before", {}, void 0, true)
            ];
          }
        }),
        "home-hero-info": withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            ssrRenderSlot(_ctx.$slots, "home-hero-info", {}, null, _push2, _parent2, _scopeId);
          } else {
            return [
              renderSlot(_ctx.$slots, "home-hero-info", {}, void 0, true)
            ];
          }
        }),
        "home-hero-info-after": withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            ssrRenderSlot(_ctx.$slots, "home-hero-info-after", {}, null, _push2, _parent2, _scopeId);
          } else {
            return [
              renderSlot(_ctx.$slots, "home-hero-info-after", {}, void 0, true)
            ];
          }
        }),
        "home-hero-actions-after": withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            ssrRenderSlot(_ctx.$slots, "home-hero-actions-after", {}, null, _push2, _parent2, _scopeId);
          } else {
            return [
              renderSlot(_ctx.$slots, "home-hero-actions-after", {}, void 0, true)
            ];
          }
        }),
        "home-hero-image": withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            ssrRenderSlot(_ctx.$slots, "home-hero-image", {}, null, _push2, _parent2, _scopeId);
          } else {
            return [
              renderSlot(_ctx.$slots, "home-hero-image", {}, void 0, true)
            ];
          }
        }),
        _: 3
      }, _parent));
      ssrRenderSlot(_ctx.$slots, "home-hero-after", {}, null, _push, _parent);
      ssrRenderSlot(_ctx.$slots, "home-features-before", {}, null, _push, _parent);
      _push(ssrRenderComponent(_sfc_main$P, null, null, _parent));
      ssrRenderSlot(_ctx.$slots, "home-features-after", {}, null, _push, _parent);
      if (unref(frontmatter).markdownStyles !== false) {
        _push(ssrRenderComponent(VPHomeContent, null, {
          default: withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              _push2(ssrRenderComponent(_component_Content, null, null, _parent2, _scopeId));
            } else {
              return [
                createVNode(_component_Content)
              ];
            }
          }),
          _: 1
        }, _parent));
      } else {
        _push(ssrRenderComponent(_component_Content, null, null, _parent));
      }
      _push(`</div>`);
    };
  }
});
const _sfc_setup$N = _sfc_main$N.setup;
_sfc_main$N.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPHome.vue");
  return _sfc_setup$N ? _sfc_setup$N(props, ctx) : void 0;
};
const VPHome = /* @__PURE__ */ _export_sfc(_sfc_main$N, [["__scopeId", "data-v-d234abe2"]]);
const _sfc_main$M = {};
function _sfc_ssrRender$1(_ctx, _push, _parent, _attrs) {
  const _component_Content = resolveComponent("Content");
  _push(`<div${ssrRenderAttrs(mergeProps({ class: "VPPage" }, _attrs))}>`);
  ssrRenderSlot(_ctx.$slots, "page-top", {}, null, _push, _parent);
  _push(ssrRenderComponent(_component_Content, null, null, _parent));
  ssrRenderSlot(_ctx.$slots, "page-bottom", {}, null, _push, _parent);
  _push(`</div>`);
}
const _sfc_setup$M = _sfc_main$M.setup;
_sfc_main$M.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPPage.vue");
  return _sfc_setup$M ? _sfc_setup$M(props, ctx) : void 0;
};
const VPPage = /* @__PURE__ */ _export_sfc(_sfc_main$M, [["ssrRender", _sfc_ssrRender$1]]);
const _sfc_main$L = /* @__PURE__ */ defineComponent({
  __name: "VPContent",
  __ssrInlineRender: true,
  setup(__props) {
    const { page, frontmatter } = useData();
    const { hasSidebar } = useSidebar();
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({
        class: ["VPContent", {
          "has-sidebar": unref(hasSidebar),
          "is-home": unref(frontmatter).layout === "home"
        }],
        id: "VPContent"
      }, _attrs))} data-v-19764af0>`);
      if (unref(page).isNotFound) {
        ssrRenderSlot(_ctx.$slots, "not-found", {}, () => {
          _push(ssrRenderComponent(NotFound, null, null, _parent));
        }, _push, _parent);
      } else if (unref(frontmatter).layout === "page") {
        _push(ssrRenderComponent(VPPage, null, {
          "page-top": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "page-top", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "page-top", {}, void 0, true)
              ];
            }
          }),
          "page-bottom": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "page-bottom", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "page-bottom", {}, void 0, true)
              ];
            }
          }),
          _: 3
        }, _parent));
      } else if (unref(frontmatter).layout === "home") {
        _push(ssrRenderComponent(VPHome, null, {
          "home-hero-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-before", {}, void 0, true)
              ];
            }
          }),
          "home-hero-info-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-info-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-info-before", {}, void 0, true)
              ];
            }
          }),
          "home-hero-info": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-info", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-info", {}, void 0, true)
              ];
            }
          }),
          "home-hero-info-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-info-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-info-after", {}, void 0, true)
              ];
            }
          }),
          "home-hero-actions-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-actions-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-actions-after", {}, void 0, true)
              ];
            }
          }),
          "home-hero-image": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-image", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-image", {}, void 0, true)
              ];
            }
          }),
          "home-hero-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-after", {}, void 0, true)
              ];
            }
          }),
          "home-features-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-features-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-features-before", {}, void 0, true)
              ];
            }
          }),
          "home-features-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-features-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-features-after", {}, void 0, true)
              ];
            }
          }),
          _: 3
        }, _parent));
      } else if (unref(frontmatter).layout && unref(frontmatter).layout !== "doc") {
        ssrRenderVNode(_push, createVNode(resolveDynamicComponent(unref(frontmatter).layout), null, null), _parent);
      } else {
        _push(ssrRenderComponent(VPDoc, null, {
          "doc-top": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "doc-top", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "doc-top", {}, void 0, true)
              ];
            }
          }),
          "doc-bottom": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "doc-bottom", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "doc-bottom", {}, void 0, true)
              ];
            }
          }),
          "doc-footer-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "doc-footer-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "doc-footer-before", {}, void 0, true)
              ];
            }
          }),
          "doc-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "doc-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "doc-before", {}, void 0, true)
              ];
            }
          }),
          "doc-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "doc-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "doc-after", {}, void 0, true)
              ];
            }
          }),
          "aside-top": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-top", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-top", {}, void 0, true)
              ];
            }
          }),
          "aside-outline-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-outline-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-outline-before", {}, void 0, true)
              ];
            }
          }),
          "aside-outline-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-outline-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-outline-after", {}, void 0, true)
              ];
            }
          }),
          "aside-ads-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-ads-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-ads-before", {}, void 0, true)
              ];
            }
          }),
          "aside-ads-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-ads-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-ads-after", {}, void 0, true)
              ];
            }
          }),
          "aside-bottom": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-bottom", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-bottom", {}, void 0, true)
              ];
            }
          }),
          _: 3
        }, _parent));
      }
      _push(`</div>`);
    };
  }
});
const _sfc_setup$L = _sfc_main$L.setup;
_sfc_main$L.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPContent.vue");
  return _sfc_setup$L ? _sfc_setup$L(props, ctx) : void 0;
};
const VPContent = /* @__PURE__ */ _export_sfc(_sfc_main$L, [["__scopeId", "data-v-19764af0"]]);
const _sfc_main$K = /* @__PURE__ */ defineComponent({
  __name: "VPFooter",
  __ssrInlineRender: true,
  setup(__props) {
    const { theme: theme2, frontmatter } = useData();
    const { hasSidebar } = useSidebar();
    return (_ctx, _push, _parent, _attrs) => {
      if (unref(theme2).footer && unref(frontmatter).footer !== false) {
        _push(`<footer${ssrRenderAttrs(mergeProps({
          class: ["VPFooter", { "has-sidebar": unref(hasSidebar) }]
        }, _attrs))} data-v-c4e42536><div class="container" data-v-c4e42536>`);
        if (unref(theme2).footer.message) {
          _push(`<p class="message" data-v-c4e42536>${unref(theme2).footer.message ?? ""}</p>`);
        } else {
          _push(`<!---->`);
        }
        if (unref(theme2).footer.copyright) {
          _push(`<p class="copyright" data-v-c4e42536>${unref(theme2).footer.copyright ?? ""}</p>`);
        } else {
          _push(`<!---->`);
        }
        _push(`</div></footer>`);
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$K = _sfc_main$K.setup;
_sfc_main$K.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPFooter.vue");
  return _sfc_setup$K ? _sfc_setup$K(props, ctx) : void 0;
};
const VPFooter = /* @__PURE__ */ _export_sfc(_sfc_main$K, [["__scopeId", "data-v-c4e42536"]]);
function useLocalNav() {
  const { theme: theme2, frontmatter } = useData();
  const headers = shallowRef([]);
  const hasLocalNav = computed(() => {
    return headers.value.length > 0;
  });
  onContentUpdated(() => {
    headers.value = getHeaders(frontmatter.value.outline ?? theme2.value.outline);
  });
  return {
    headers,
    hasLocalNav
  };
}
const _sfc_main$J = /* @__PURE__ */ defineComponent({
  __name: "VPLocalNavOutlineDropdown",
  __ssrInlineRender: true,
  props: {
    headers: {},
    navHeight: {}
  },
  setup(__props) {
    const { theme: theme2 } = useData();
    const open = ref(false);
    const vh = ref(0);
    const main = ref();
    ref();
    function closeOnClickOutside(e) {
      var _a;
      if (!((_a = main.value) == null ? void 0 : _a.contains(e.target))) {
        open.value = false;
      }
    }
    watch(open, (value) => {
      if (value) {
        document.addEventListener("click", closeOnClickOutside);
        return;
      }
      document.removeEventListener("click", closeOnClickOutside);
    });
    onKeyStroke("Escape", () => {
      open.value = false;
    });
    onContentUpdated(() => {
      open.value = false;
    });
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({
        class: "VPLocalNavOutlineDropdown",
        style: { "--vp-vh": vh.value + "px" },
        ref_key: "main",
        ref: main
      }, _attrs))} data-v-0440d7dd>`);
      if (__props.headers.length > 0) {
        _push(`<button class="${ssrRenderClass({ open: open.value })}" data-v-0440d7dd><span class="menu-text" data-v-0440d7dd>${ssrInterpolate(unref(resolveTitle)(unref(theme2)))}</span><span class="vpi-chevron-right icon" data-v-0440d7dd></span></button>`);
      } else {
        _push(`<button data-v-0440d7dd>${ssrInterpolate(unref(theme2).returnToTopLabel || "Return to top")}</button>`);
      }
      if (open.value) {
        _push(`<div class="items" data-v-0440d7dd><div class="header" data-v-0440d7dd><a class="top-link" href="#" data-v-0440d7dd>${ssrInterpolate(unref(theme2).returnToTopLabel || "Return to top")}</a></div><div class="outline" data-v-0440d7dd>`);
        _push(ssrRenderComponent(VPDocOutlineItem, { headers: __props.headers }, null, _parent));
        _push(`</div></div>`);
      } else {
        _push(`<!---->`);
      }
      _push(`</div>`);
    };
  }
});
const _sfc_setup$J = _sfc_main$J.setup;
_sfc_main$J.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPLocalNavOutlineDropdown.vue");
  return _sfc_setup$J ? _sfc_setup$J(props, ctx) : void 0;
};
const VPLocalNavOutlineDropdown = /* @__PURE__ */ _export_sfc(_sfc_main$J, [["__scopeId", "data-v-0440d7dd"]]);
const _sfc_main$I = /* @__PURE__ */ defineComponent({
  __name: "VPLocalNav",
  __ssrInlineRender: true,
  props: {
    open: { type: Boolean }
  },
  emits: ["open-menu"],
  setup(__props) {
    const { theme: theme2, frontmatter } = useData();
    const { hasSidebar } = useSidebar();
    const { headers } = useLocalNav();
    const { y } = useWindowScroll();
    const navHeight = ref(0);
    onMounted(() => {
      navHeight.value = parseInt(
        getComputedStyle(document.documentElement).getPropertyValue(
          "--vp-nav-height"
        )
      );
    });
    onContentUpdated(() => {
      headers.value = getHeaders(frontmatter.value.outline ?? theme2.value.outline);
    });
    const empty = computed(() => {
      return headers.value.length === 0;
    });
    const emptyAndNoSidebar = computed(() => {
      return empty.value && !hasSidebar.value;
    });
    const classes = computed(() => {
      return {
        VPLocalNav: true,
        "has-sidebar": hasSidebar.value,
        empty: empty.value,
        fixed: emptyAndNoSidebar.value
      };
    });
    return (_ctx, _push, _parent, _attrs) => {
      if (unref(frontmatter).layout !== "home" && (!emptyAndNoSidebar.value || unref(y) >= navHeight.value)) {
        _push(`<div${ssrRenderAttrs(mergeProps({ class: classes.value }, _attrs))} data-v-35bcc110><div class="container" data-v-35bcc110>`);
        if (unref(hasSidebar)) {
          _push(`<button class="menu"${ssrRenderAttr("aria-expanded", __props.open)} aria-controls="VPSidebarNav" data-v-35bcc110><span class="vpi-align-left menu-icon" data-v-35bcc110></span><span class="menu-text" data-v-35bcc110>${ssrInterpolate(unref(theme2).sidebarMenuLabel || "Menu")}</span></button>`);
        } else {
          _push(`<!---->`);
        }
        _push(ssrRenderComponent(VPLocalNavOutlineDropdown, {
          headers: unref(headers),
          navHeight: navHeight.value
        }, null, _parent));
        _push(`</div></div>`);
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$I = _sfc_main$I.setup;
_sfc_main$I.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPLocalNav.vue");
  return _sfc_setup$I ? _sfc_setup$I(props, ctx) : void 0;
};
const VPLocalNav = /* @__PURE__ */ _export_sfc(_sfc_main$I, [["__scopeId", "data-v-35bcc110"]]);
function useNav() {
  const isScreenOpen = ref(false);
  function openScreen() {
    isScreenOpen.value = true;
    window.addEventListener("resize", closeScreenOnTabletWindow);
  }
  function closeScreen() {
    isScreenOpen.value = false;
    window.removeEventListener("resize", closeScreenOnTabletWindow);
  }
  function toggleScreen() {
    isScreenOpen.value ? closeScreen() : openScreen();
  }
  function closeScreenOnTabletWindow() {
    window.outerWidth >= 768 && closeScreen();
  }
  const route = useRoute();
  watch(() => route.path, closeScreen);
  return {
    isScreenOpen,
    openScreen,
    closeScreen,
    toggleScreen
  };
}
const _sfc_main$H = {};
function _sfc_ssrRender(_ctx, _push, _parent, _attrs) {
  _push(`<button${ssrRenderAttrs(mergeProps({
    class: "VPSwitch",
    type: "button",
    role: "switch"
  }, _attrs))} data-v-70949e8a><span class="check" data-v-70949e8a>`);
  if (_ctx.$slots.default) {
    _push(`<span class="icon" data-v-70949e8a>`);
    ssrRenderSlot(_ctx.$slots, "default", {}, null, _push, _parent);
    _push(`</span>`);
  } else {
    _push(`<!---->`);
  }
  _push(`</span></button>`);
}
const _sfc_setup$H = _sfc_main$H.setup;
_sfc_main$H.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPSwitch.vue");
  return _sfc_setup$H ? _sfc_setup$H(props, ctx) : void 0;
};
const VPSwitch = /* @__PURE__ */ _export_sfc(_sfc_main$H, [["ssrRender", _sfc_ssrRender], ["__scopeId", "data-v-70949e8a"]]);
const _sfc_main$G = /* @__PURE__ */ defineComponent({
  __name: "VPSwitchAppearance",
  __ssrInlineRender: true,
  setup(__props) {
    const { isDark, theme: theme2 } = useData();
    const toggleAppearance = inject("toggle-appearance", () => {
      isDark.value = !isDark.value;
    });
    const switchTitle = ref("");
    watchPostEffect(() => {
      switchTitle.value = isDark.value ? theme2.value.lightModeSwitchTitle || "Switch to light theme" : theme2.value.darkModeSwitchTitle || "Switch to dark theme";
    });
    return (_ctx, _push, _parent, _attrs) => {
      _push(ssrRenderComponent(VPSwitch, mergeProps({
        title: switchTitle.value,
        class: "VPSwitchAppearance",
        "aria-checked": unref(isDark),
        onClick: unref(toggleAppearance)
      }, _attrs), {
        default: withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            _push2(`<span class="vpi-sun sun" data-v-23d3021d${_scopeId}></span><span class="vpi-moon moon" data-v-23d3021d${_scopeId}></span>`);
          } else {
            return [
              createVNode("span", { class: "vpi-sun sun" }),
              createVNode("span", { class: "vpi-moon moon" })
            ];
          }
        }),
        _: 1
      }, _parent));
    };
  }
});
const _sfc_setup$G = _sfc_main$G.setup;
_sfc_main$G.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPSwitchAppearance.vue");
  return _sfc_setup$G ? _sfc_setup$G(props, ctx) : void 0;
};
const VPSwitchAppearance = /* @__PURE__ */ _export_sfc(_sfc_main$G, [["__scopeId", "data-v-23d3021d"]]);
const _sfc_main$F = /* @__PURE__ */ defineComponent({
  __name: "VPNavBarAppearance",
  __ssrInlineRender: true,
  setup(__props) {
    const { site } = useData();
    return (_ctx, _push, _parent, _attrs) => {
      if (unref(site).appearance && unref(site).appearance !== "force-dark" && unref(site).appearance !== "force-auto") {
        _push(`<div${ssrRenderAttrs(mergeProps({ class: "VPNavBarAppearance" }, _attrs))} data-v-d7dd6a7e>`);
        _push(ssrRenderComponent(VPSwitchAppearance, null, null, _parent));
        _push(`</div>`);
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$F = _sfc_main$F.setup;
_sfc_main$F.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavBarAppearance.vue");
  return _sfc_setup$F ? _sfc_setup$F(props, ctx) : void 0;
};
const VPNavBarAppearance = /* @__PURE__ */ _export_sfc(_sfc_main$F, [["__scopeId", "data-v-d7dd6a7e"]]);
const focusedElement = ref();
let active = false;
let listeners = 0;
function useFlyout(options) {
  const focus = ref(false);
  if (inBrowser) {
    !active && activateFocusTracking();
    listeners++;
    const unwatch = watch(focusedElement, (el) => {
      var _a, _b, _c;
      if (el === options.el.value || ((_a = options.el.value) == null ? void 0 : _a.contains(el))) {
        focus.value = true;
        (_b = options.onFocus) == null ? void 0 : _b.call(options);
      } else {
        focus.value = false;
        (_c = options.onBlur) == null ? void 0 : _c.call(options);
      }
    });
    onUnmounted(() => {
      unwatch();
      listeners--;
      if (!listeners) {
        deactivateFocusTracking();
      }
    });
  }
  return readonly(focus);
}
function activateFocusTracking() {
  document.addEventListener("focusin", handleFocusIn);
  active = true;
  focusedElement.value = document.activeElement;
}
function deactivateFocusTracking() {
  document.removeEventListener("focusin", handleFocusIn);
}
function handleFocusIn() {
  focusedElement.value = document.activeElement;
}
const _sfc_main$E = /* @__PURE__ */ defineComponent({
  __name: "VPMenuLink",
  __ssrInlineRender: true,
  props: {
    item: {}
  },
  setup(__props) {
    const { page } = useData();
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({ class: "VPMenuLink" }, _attrs))} data-v-26dca2e7>`);
      _push(ssrRenderComponent(_sfc_main$Z, {
        class: {
          active: unref(isActive)(
            unref(page).relativePath,
            __props.item.activeMatch || __props.item.link,
            !!__props.item.activeMatch
          )
        },
        href: __props.item.link,
        target: __props.item.target,
        rel: __props.item.rel,
        "no-icon": __props.item.noIcon
      }, {
        default: withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            _push2(`<span data-v-26dca2e7${_scopeId}>${__props.item.text ?? ""}</span>`);
          } else {
            return [
              createVNode("span", {
                innerHTML: __props.item.text
              }, null, 8, ["innerHTML"])
            ];
          }
        }),
        _: 1
      }, _parent));
      _push(`</div>`);
    };
  }
});
const _sfc_setup$E = _sfc_main$E.setup;
_sfc_main$E.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPMenuLink.vue");
  return _sfc_setup$E ? _sfc_setup$E(props, ctx) : void 0;
};
const VPMenuLink = /* @__PURE__ */ _export_sfc(_sfc_main$E, [["__scopeId", "data-v-26dca2e7"]]);
const _sfc_main$D = /* @__PURE__ */ defineComponent({
  __name: "VPMenuGroup",
  __ssrInlineRender: true,
  props: {
    text: {},
    items: {}
  },
  setup(__props) {
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({ class: "VPMenuGroup" }, _attrs))} data-v-19dd32be>`);
      if (__props.text) {
        _push(`<p class="title" data-v-19dd32be>${ssrInterpolate(__props.text)}</p>`);
      } else {
        _push(`<!---->`);
      }
      _push(`<!--[-->`);
      ssrRenderList(__props.items, (item) => {
        _push(`<!--[-->`);
        if ("link" in item) {
          _push(ssrRenderComponent(VPMenuLink, { item }, null, _parent));
        } else {
          _push(`<!---->`);
        }
        _push(`<!--]-->`);
      });
      _push(`<!--]--></div>`);
    };
  }
});
const _sfc_setup$D = _sfc_main$D.setup;
_sfc_main$D.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPMenuGroup.vue");
  return _sfc_setup$D ? _sfc_setup$D(props, ctx) : void 0;
};
const VPMenuGroup = /* @__PURE__ */ _export_sfc(_sfc_main$D, [["__scopeId", "data-v-19dd32be"]]);
const _sfc_main$C = /* @__PURE__ */ defineComponent({
  __name: "VPMenu",
  __ssrInlineRender: true,
  props: {
    items: {}
  },
  setup(__props) {
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({ class: "VPMenu" }, _attrs))} data-v-f530798e>`);
      if (__props.items) {
        _push(`<div class="items" data-v-f530798e><!--[-->`);
        ssrRenderList(__props.items, (item) => {
          _push(`<!--[-->`);
          if ("link" in item) {
            _push(ssrRenderComponent(VPMenuLink, { item }, null, _parent));
          } else if ("component" in item) {
            ssrRenderVNode(_push, createVNode(resolveDynamicComponent(item.component), mergeProps({ ref_for: true }, item.props), null), _parent);
          } else {
            _push(ssrRenderComponent(VPMenuGroup, {
              text: item.text,
              items: item.items
            }, null, _parent));
          }
          _push(`<!--]-->`);
        });
        _push(`<!--]--></div>`);
      } else {
        _push(`<!---->`);
      }
      ssrRenderSlot(_ctx.$slots, "default", {}, null, _push, _parent);
      _push(`</div>`);
    };
  }
});
const _sfc_setup$C = _sfc_main$C.setup;
_sfc_main$C.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPMenu.vue");
  return _sfc_setup$C ? _sfc_setup$C(props, ctx) : void 0;
};
const VPMenu = /* @__PURE__ */ _export_sfc(_sfc_main$C, [["__scopeId", "data-v-f530798e"]]);
const _sfc_main$B = /* @__PURE__ */ defineComponent({
  __name: "VPFlyout",
  __ssrInlineRender: true,
  props: {
    icon: {},
    button: {},
    label: {},
    items: {}
  },
  setup(__props) {
    const open = ref(false);
    const el = ref();
    useFlyout({ el, onBlur });
    function onBlur() {
      open.value = false;
    }
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({
        class: "VPFlyout",
        ref_key: "el",
        ref: el
      }, _attrs))} data-v-5b63b7b6><button type="button" class="button" aria-haspopup="true"${ssrRenderAttr("aria-expanded", open.value)}${ssrRenderAttr("aria-label", __props.label)} data-v-5b63b7b6>`);
      if (__props.button || __props.icon) {
        _push(`<span class="text" data-v-5b63b7b6>`);
        if (__props.icon) {
          _push(`<span class="${ssrRenderClass([__props.icon, "option-icon"])}" data-v-5b63b7b6></span>`);
        } else {
          _push(`<!---->`);
        }
        if (__props.button) {
          _push(`<span data-v-5b63b7b6>${__props.button ?? ""}</span>`);
        } else {
          _push(`<!---->`);
        }
        _push(`<span class="vpi-chevron-down text-icon" data-v-5b63b7b6></span></span>`);
      } else {
        _push(`<span class="vpi-more-horizontal icon" data-v-5b63b7b6></span>`);
      }
      _push(`</button><div class="menu" data-v-5b63b7b6>`);
      _push(ssrRenderComponent(VPMenu, { items: __props.items }, {
        default: withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            ssrRenderSlot(_ctx.$slots, "default", {}, null, _push2, _parent2, _scopeId);
          } else {
            return [
              renderSlot(_ctx.$slots, "default", {}, void 0, true)
            ];
          }
        }),
        _: 3
      }, _parent));
      _push(`</div></div>`);
    };
  }
});
const _sfc_setup$B = _sfc_main$B.setup;
_sfc_main$B.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPFlyout.vue");
  return _sfc_setup$B ? _sfc_setup$B(props, ctx) : void 0;
};
const VPFlyout = /* @__PURE__ */ _export_sfc(_sfc_main$B, [["__scopeId", "data-v-5b63b7b6"]]);
const _sfc_main$A = /* @__PURE__ */ defineComponent({
  __name: "VPSocialLink",
  __ssrInlineRender: true,
  props: {
    icon: {},
    link: {},
    ariaLabel: {}
  },
  setup(__props) {
    var _a;
    const props = __props;
    const el = ref();
    onMounted(async () => {
      var _a2;
      await nextTick();
      const span = (_a2 = el.value) == null ? void 0 : _a2.children[0];
      if (span instanceof HTMLElement && span.className.startsWith("vpi-social-") && (getComputedStyle(span).maskImage || getComputedStyle(span).webkitMaskImage) === "none") {
        span.style.setProperty(
          "--icon",
          `url('https://api.iconify.design/simple-icons/${props.icon}.svg')`
        );
      }
    });
    const svg = computed(() => {
      if (typeof props.icon === "object") return props.icon.svg;
      return `<span class="vpi-social-${props.icon}"></span>`;
    });
    {
      typeof props.icon === "string" && ((_a = useSSRContext()) == null ? void 0 : _a.vpSocialIcons.add(props.icon));
    }
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<a${ssrRenderAttrs(mergeProps({
        ref_key: "el",
        ref: el,
        class: "VPSocialLink no-icon",
        href: __props.link,
        "aria-label": __props.ariaLabel ?? (typeof __props.icon === "string" ? __props.icon : ""),
        target: "_blank",
        rel: "noopener"
      }, _attrs))} data-v-bc56dc85>${svg.value ?? ""}</a>`);
    };
  }
});
const _sfc_setup$A = _sfc_main$A.setup;
_sfc_main$A.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPSocialLink.vue");
  return _sfc_setup$A ? _sfc_setup$A(props, ctx) : void 0;
};
const VPSocialLink = /* @__PURE__ */ _export_sfc(_sfc_main$A, [["__scopeId", "data-v-bc56dc85"]]);
const _sfc_main$z = /* @__PURE__ */ defineComponent({
  __name: "VPSocialLinks",
  __ssrInlineRender: true,
  props: {
    links: {}
  },
  setup(__props) {
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({ class: "VPSocialLinks" }, _attrs))} data-v-a6e124b7><!--[-->`);
      ssrRenderList(__props.links, ({ link: link2, icon, ariaLabel }) => {
        _push(ssrRenderComponent(VPSocialLink, {
          key: link2,
          icon,
          link: link2,
          ariaLabel
        }, null, _parent));
      });
      _push(`<!--]--></div>`);
    };
  }
});
const _sfc_setup$z = _sfc_main$z.setup;
_sfc_main$z.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPSocialLinks.vue");
  return _sfc_setup$z ? _sfc_setup$z(props, ctx) : void 0;
};
const VPSocialLinks = /* @__PURE__ */ _export_sfc(_sfc_main$z, [["__scopeId", "data-v-a6e124b7"]]);
const _sfc_main$y = /* @__PURE__ */ defineComponent({
  __name: "VPNavBarExtra",
  __ssrInlineRender: true,
  setup(__props) {
    const { site, theme: theme2 } = useData();
    const { localeLinks, currentLang } = useLangs({ correspondingLink: true });
    const hasExtraContent = computed(
      () => localeLinks.value.length && currentLang.value.label || site.value.appearance || theme2.value.socialLinks
    );
    return (_ctx, _push, _parent, _attrs) => {
      if (hasExtraContent.value) {
        _push(ssrRenderComponent(VPFlyout, mergeProps({
          class: "VPNavBarExtra",
          label: "extra navigation"
        }, _attrs), {
          default: withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              if (unref(localeLinks).length && unref(currentLang).label) {
                _push2(`<div class="group translations" data-v-feea2c38${_scopeId}><p class="trans-title" data-v-feea2c38${_scopeId}>${ssrInterpolate(unref(currentLang).label)}</p><!--[-->`);
                ssrRenderList(unref(localeLinks), (locale) => {
                  _push2(ssrRenderComponent(VPMenuLink, { item: locale }, null, _parent2, _scopeId));
                });
                _push2(`<!--]--></div>`);
              } else {
                _push2(`<!---->`);
              }
              if (unref(site).appearance && unref(site).appearance !== "force-dark" && unref(site).appearance !== "force-auto") {
                _push2(`<div class="group" data-v-feea2c38${_scopeId}><div class="item appearance" data-v-feea2c38${_scopeId}><p class="label" data-v-feea2c38${_scopeId}>${ssrInterpolate(unref(theme2).darkModeSwitchLabel || "Appearance")}</p><div class="appearance-action" data-v-feea2c38${_scopeId}>`);
                _push2(ssrRenderComponent(VPSwitchAppearance, null, null, _parent2, _scopeId));
                _push2(`</div></div></div>`);
              } else {
                _push2(`<!---->`);
              }
              if (unref(theme2).socialLinks) {
                _push2(`<div class="group" data-v-feea2c38${_scopeId}><div class="item social-links" data-v-feea2c38${_scopeId}>`);
                _push2(ssrRenderComponent(VPSocialLinks, {
                  class: "social-links-list",
                  links: unref(theme2).socialLinks
                }, null, _parent2, _scopeId));
                _push2(`</div></div>`);
              } else {
                _push2(`<!---->`);
              }
            } else {
              return [
                unref(localeLinks).length && unref(currentLang).label ? (openBlock(), createBlock("div", {
                  key: 0,
                  class: "group translations"
                }, [
                  createVNode("p", { class: "trans-title" }, toDisplayString(unref(currentLang).label), 1),
                  (openBlock(true), createBlock(Fragment, null, renderList(unref(localeLinks), (locale) => {
                    return openBlock(), createBlock(VPMenuLink, {
                      key: locale.link,
                      item: locale
                    }, null, 8, ["item"]);
                  }), 128))
                ])) : createCommentVNode("", true),
                unref(site).appearance && unref(site).appearance !== "force-dark" && unref(site).appearance !== "force-auto" ? (openBlock(), createBlock("div", {
                  key: 1,
                  class: "group"
                }, [
                  createVNode("div", { class: "item appearance" }, [
                    createVNode("p", { class: "label" }, toDisplayString(unref(theme2).darkModeSwitchLabel || "Appearance"), 1),
                    createVNode("div", { class: "appearance-action" }, [
                      createVNode(VPSwitchAppearance)
                    ])
                  ])
                ])) : createCommentVNode("", true),
                unref(theme2).socialLinks ? (openBlock(), createBlock("div", {
                  key: 2,
                  class: "group"
                }, [
                  createVNode("div", { class: "item social-links" }, [
                    createVNode(VPSocialLinks, {
                      class: "social-links-list",
                      links: unref(theme2).socialLinks
                    }, null, 8, ["links"])
                  ])
                ])) : createCommentVNode("", true)
              ];
            }
          }),
          _: 1
        }, _parent));
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$y = _sfc_main$y.setup;
_sfc_main$y.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavBarExtra.vue");
  return _sfc_setup$y ? _sfc_setup$y(props, ctx) : void 0;
};
const VPNavBarExtra = /* @__PURE__ */ _export_sfc(_sfc_main$y, [["__scopeId", "data-v-feea2c38"]]);
const _sfc_main$x = /* @__PURE__ */ defineComponent({
  __name: "VPNavBarHamburger",
  __ssrInlineRender: true,
  props: {
    active: { type: Boolean }
  },
  emits: ["click"],
  setup(__props) {
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<button${ssrRenderAttrs(mergeProps({
        type: "button",
        class: ["VPNavBarHamburger", { active: __props.active }],
        "aria-label": "mobile navigation",
        "aria-expanded": __props.active,
        "aria-controls": "VPNavScreen"
      }, _attrs))} data-v-0cc79775><span class="container" data-v-0cc79775><span class="top" data-v-0cc79775></span><span class="middle" data-v-0cc79775></span><span class="bottom" data-v-0cc79775></span></span></button>`);
    };
  }
});
const _sfc_setup$x = _sfc_main$x.setup;
_sfc_main$x.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavBarHamburger.vue");
  return _sfc_setup$x ? _sfc_setup$x(props, ctx) : void 0;
};
const VPNavBarHamburger = /* @__PURE__ */ _export_sfc(_sfc_main$x, [["__scopeId", "data-v-0cc79775"]]);
const _sfc_main$w = /* @__PURE__ */ defineComponent({
  __name: "VPNavBarMenuLink",
  __ssrInlineRender: true,
  props: {
    item: {}
  },
  setup(__props) {
    const { page } = useData();
    return (_ctx, _push, _parent, _attrs) => {
      _push(ssrRenderComponent(_sfc_main$Z, mergeProps({
        class: {
          VPNavBarMenuLink: true,
          active: unref(isActive)(
            unref(page).relativePath,
            __props.item.activeMatch || __props.item.link,
            !!__props.item.activeMatch
          )
        },
        href: __props.item.link,
        target: __props.item.target,
        rel: __props.item.rel,
        "no-icon": __props.item.noIcon,
        tabindex: "0"
      }, _attrs), {
        default: withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            _push2(`<span data-v-b171670d${_scopeId}>${__props.item.text ?? ""}</span>`);
          } else {
            return [
              createVNode("span", {
                innerHTML: __props.item.text
              }, null, 8, ["innerHTML"])
            ];
          }
        }),
        _: 1
      }, _parent));
    };
  }
});
const _sfc_setup$w = _sfc_main$w.setup;
_sfc_main$w.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavBarMenuLink.vue");
  return _sfc_setup$w ? _sfc_setup$w(props, ctx) : void 0;
};
const VPNavBarMenuLink = /* @__PURE__ */ _export_sfc(_sfc_main$w, [["__scopeId", "data-v-b171670d"]]);
const _sfc_main$v = /* @__PURE__ */ defineComponent({
  __name: "VPNavBarMenuGroup",
  __ssrInlineRender: true,
  props: {
    item: {}
  },
  setup(__props) {
    const props = __props;
    const { page } = useData();
    const isChildActive = (navItem) => {
      if ("component" in navItem) return false;
      if ("link" in navItem) {
        return isActive(
          page.value.relativePath,
          navItem.link,
          !!props.item.activeMatch
        );
      }
      return navItem.items.some(isChildActive);
    };
    const childrenActive = computed(() => isChildActive(props.item));
    return (_ctx, _push, _parent, _attrs) => {
      _push(ssrRenderComponent(VPFlyout, mergeProps({
        class: {
          VPNavBarMenuGroup: true,
          active: unref(isActive)(unref(page).relativePath, __props.item.activeMatch, !!__props.item.activeMatch) || childrenActive.value
        },
        button: __props.item.text,
        items: __props.item.items
      }, _attrs), null, _parent));
    };
  }
});
const _sfc_setup$v = _sfc_main$v.setup;
_sfc_main$v.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavBarMenuGroup.vue");
  return _sfc_setup$v ? _sfc_setup$v(props, ctx) : void 0;
};
const _sfc_main$u = /* @__PURE__ */ defineComponent({
  __name: "VPNavBarMenu",
  __ssrInlineRender: true,
  setup(__props) {
    const { theme: theme2 } = useData();
    return (_ctx, _push, _parent, _attrs) => {
      if (unref(theme2).nav) {
        _push(`<nav${ssrRenderAttrs(mergeProps({
          "aria-labelledby": "main-nav-aria-label",
          class: "VPNavBarMenu"
        }, _attrs))} data-v-5da3e395><span id="main-nav-aria-label" class="visually-hidden" data-v-5da3e395> Main Navigation </span><!--[-->`);
        ssrRenderList(unref(theme2).nav, (item) => {
          _push(`<!--[-->`);
          if ("link" in item) {
            _push(ssrRenderComponent(VPNavBarMenuLink, { item }, null, _parent));
          } else if ("component" in item) {
            ssrRenderVNode(_push, createVNode(resolveDynamicComponent(item.component), mergeProps({ ref_for: true }, item.props), null), _parent);
          } else {
            _push(ssrRenderComponent(_sfc_main$v, { item }, null, _parent));
          }
          _push(`<!--]-->`);
        });
        _push(`<!--]--></nav>`);
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$u = _sfc_main$u.setup;
_sfc_main$u.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavBarMenu.vue");
  return _sfc_setup$u ? _sfc_setup$u(props, ctx) : void 0;
};
const VPNavBarMenu = /* @__PURE__ */ _export_sfc(_sfc_main$u, [["__scopeId", "data-v-5da3e395"]]);
function createSearchTranslate(defaultTranslations) {
  const { localeIndex, theme: theme2 } = useData();
  function translate(key) {
    var _a, _b, _c;
    const keyPath = key.split(".");
    const themeObject = (_a = theme2.value.search) == null ? void 0 : _a.options;
    const isObject2 = themeObject && typeof themeObject === "object";
    const locales = isObject2 && ((_c = (_b = themeObject.locales) == null ? void 0 : _b[localeIndex.value]) == null ? void 0 : _c.translations) || null;
    const translations = isObject2 && themeObject.translations || null;
    let localeResult = locales;
    let translationResult = translations;
    let defaultResult = defaultTranslations;
    const lastKey = keyPath.pop();
    for (const k of keyPath) {
      let fallbackResult = null;
      const foundInFallback = defaultResult == null ? void 0 : defaultResult[k];
      if (foundInFallback) {
        fallbackResult = defaultResult = foundInFallback;
      }
      const foundInTranslation = translationResult == null ? void 0 : translationResult[k];
      if (foundInTranslation) {
        fallbackResult = translationResult = foundInTranslation;
      }
      const foundInLocale = localeResult == null ? void 0 : localeResult[k];
      if (foundInLocale) {
        fallbackResult = localeResult = foundInLocale;
      }
      if (!foundInFallback) {
        defaultResult = fallbackResult;
      }
      if (!foundInTranslation) {
        translationResult = fallbackResult;
      }
      if (!foundInLocale) {
        localeResult = fallbackResult;
      }
    }
    return (localeResult == null ? void 0 : localeResult[lastKey]) ?? (translationResult == null ? void 0 : translationResult[lastKey]) ?? (defaultResult == null ? void 0 : defaultResult[lastKey]) ?? "";
  }
  return translate;
}
const _sfc_main$t = /* @__PURE__ */ defineComponent({
  __name: "VPNavBarSearchButton",
  __ssrInlineRender: true,
  setup(__props) {
    const defaultTranslations = {
      button: {
        buttonText: "Search",
        buttonAriaLabel: "Search"
      }
    };
    const translate = createSearchTranslate(defaultTranslations);
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<button${ssrRenderAttrs(mergeProps({
        type: "button",
        class: "DocSearch DocSearch-Button",
        "aria-label": unref(translate)("button.buttonAriaLabel")
      }, _attrs))}><span class="DocSearch-Button-Container"><span class="vp-icon DocSearch-Search-Icon"></span><span class="DocSearch-Button-Placeholder">${ssrInterpolate(unref(translate)("button.buttonText"))}</span></span><span class="DocSearch-Button-Keys"><kbd class="DocSearch-Button-Key"></kbd><kbd class="DocSearch-Button-Key">K</kbd></span></button>`);
    };
  }
});
const _sfc_setup$t = _sfc_main$t.setup;
_sfc_main$t.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavBarSearchButton.vue");
  return _sfc_setup$t ? _sfc_setup$t(props, ctx) : void 0;
};
const _sfc_main$s = /* @__PURE__ */ defineComponent({
  __name: "VPNavBarSearch",
  __ssrInlineRender: true,
  setup(__props) {
    const VPLocalSearchBox = defineAsyncComponent(() => import("./VPLocalSearchBox.D0JBGPnG.js"));
    const VPAlgoliaSearchBox = () => null;
    const { theme: theme2 } = useData();
    const loaded = ref(false);
    const actuallyLoaded = ref(false);
    onMounted(() => {
      {
        return;
      }
    });
    function load() {
      if (!loaded.value) {
        loaded.value = true;
        setTimeout(poll, 16);
      }
    }
    function poll() {
      const e = new Event("keydown");
      e.key = "k";
      e.metaKey = true;
      window.dispatchEvent(e);
      setTimeout(() => {
        if (!document.querySelector(".DocSearch-Modal")) {
          poll();
        }
      }, 16);
    }
    function isEditingContent(event) {
      const element = event.target;
      const tagName = element.tagName;
      return element.isContentEditable || tagName === "INPUT" || tagName === "SELECT" || tagName === "TEXTAREA";
    }
    const showSearch = ref(false);
    {
      onKeyStroke("k", (event) => {
        if (event.ctrlKey || event.metaKey) {
          event.preventDefault();
          showSearch.value = true;
        }
      });
      onKeyStroke("/", (event) => {
        if (!isEditingContent(event)) {
          event.preventDefault();
          showSearch.value = true;
        }
      });
    }
    const provider = "local";
    return (_ctx, _push, _parent, _attrs) => {
      var _a;
      _push(`<div${ssrRenderAttrs(mergeProps({ class: "VPNavBarSearch" }, _attrs))}>`);
      if (unref(provider) === "local") {
        _push(`<!--[-->`);
        if (showSearch.value) {
          _push(ssrRenderComponent(unref(VPLocalSearchBox), {
            onClose: ($event) => showSearch.value = false
          }, null, _parent));
        } else {
          _push(`<!---->`);
        }
        _push(`<div id="local-search">`);
        _push(ssrRenderComponent(_sfc_main$t, {
          onClick: ($event) => showSearch.value = true
        }, null, _parent));
        _push(`</div><!--]-->`);
      } else if (unref(provider) === "algolia") {
        _push(`<!--[-->`);
        if (loaded.value) {
          _push(ssrRenderComponent(unref(VPAlgoliaSearchBox), {
            algolia: ((_a = unref(theme2).search) == null ? void 0 : _a.options) ?? unref(theme2).algolia,
            onVnodeBeforeMount: ($event) => actuallyLoaded.value = true
          }, null, _parent));
        } else {
          _push(`<!---->`);
        }
        if (!actuallyLoaded.value) {
          _push(`<div id="docsearch">`);
          _push(ssrRenderComponent(_sfc_main$t, { onClick: load }, null, _parent));
          _push(`</div>`);
        } else {
          _push(`<!---->`);
        }
        _push(`<!--]-->`);
      } else {
        _push(`<!---->`);
      }
      _push(`</div>`);
    };
  }
});
const _sfc_setup$s = _sfc_main$s.setup;
_sfc_main$s.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavBarSearch.vue");
  return _sfc_setup$s ? _sfc_setup$s(props, ctx) : void 0;
};
const _sfc_main$r = /* @__PURE__ */ defineComponent({
  __name: "VPNavBarSocialLinks",
  __ssrInlineRender: true,
  setup(__props) {
    const { theme: theme2 } = useData();
    return (_ctx, _push, _parent, _attrs) => {
      if (unref(theme2).socialLinks) {
        _push(ssrRenderComponent(VPSocialLinks, mergeProps({
          class: "VPNavBarSocialLinks",
          links: unref(theme2).socialLinks
        }, _attrs), null, _parent));
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$r = _sfc_main$r.setup;
_sfc_main$r.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavBarSocialLinks.vue");
  return _sfc_setup$r ? _sfc_setup$r(props, ctx) : void 0;
};
const VPNavBarSocialLinks = /* @__PURE__ */ _export_sfc(_sfc_main$r, [["__scopeId", "data-v-ce118c7a"]]);
const _sfc_main$q = /* @__PURE__ */ defineComponent({
  __name: "VPNavBarTitle",
  __ssrInlineRender: true,
  setup(__props) {
    const { site, theme: theme2 } = useData();
    const { hasSidebar } = useSidebar();
    const { currentLang } = useLangs();
    const link2 = computed(
      () => {
        var _a;
        return typeof theme2.value.logoLink === "string" ? theme2.value.logoLink : (_a = theme2.value.logoLink) == null ? void 0 : _a.link;
      }
    );
    const rel = computed(
      () => {
        var _a;
        return typeof theme2.value.logoLink === "string" ? void 0 : (_a = theme2.value.logoLink) == null ? void 0 : _a.rel;
      }
    );
    const target = computed(
      () => {
        var _a;
        return typeof theme2.value.logoLink === "string" ? void 0 : (_a = theme2.value.logoLink) == null ? void 0 : _a.target;
      }
    );
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({
        class: ["VPNavBarTitle", { "has-sidebar": unref(hasSidebar) }]
      }, _attrs))} data-v-9d18ad9c><a class="title"${ssrRenderAttr("href", link2.value ?? unref(normalizeLink$1)(unref(currentLang).link))}${ssrRenderAttr("rel", rel.value)}${ssrRenderAttr("target", target.value)} data-v-9d18ad9c>`);
      ssrRenderSlot(_ctx.$slots, "nav-bar-title-before", {}, null, _push, _parent);
      if (unref(theme2).logo) {
        _push(ssrRenderComponent(VPImage, {
          class: "logo",
          image: unref(theme2).logo
        }, null, _parent));
      } else {
        _push(`<!---->`);
      }
      if (unref(theme2).siteTitle) {
        _push(`<span data-v-9d18ad9c>${unref(theme2).siteTitle ?? ""}</span>`);
      } else if (unref(theme2).siteTitle === void 0) {
        _push(`<span data-v-9d18ad9c>${ssrInterpolate(unref(site).title)}</span>`);
      } else {
        _push(`<!---->`);
      }
      ssrRenderSlot(_ctx.$slots, "nav-bar-title-after", {}, null, _push, _parent);
      _push(`</a></div>`);
    };
  }
});
const _sfc_setup$q = _sfc_main$q.setup;
_sfc_main$q.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavBarTitle.vue");
  return _sfc_setup$q ? _sfc_setup$q(props, ctx) : void 0;
};
const VPNavBarTitle = /* @__PURE__ */ _export_sfc(_sfc_main$q, [["__scopeId", "data-v-9d18ad9c"]]);
const _sfc_main$p = /* @__PURE__ */ defineComponent({
  __name: "VPNavBarTranslations",
  __ssrInlineRender: true,
  setup(__props) {
    const { theme: theme2 } = useData();
    const { localeLinks, currentLang } = useLangs({ correspondingLink: true });
    return (_ctx, _push, _parent, _attrs) => {
      if (unref(localeLinks).length && unref(currentLang).label) {
        _push(ssrRenderComponent(VPFlyout, mergeProps({
          class: "VPNavBarTranslations",
          icon: "vpi-languages",
          label: unref(theme2).langMenuLabel || "Change language"
        }, _attrs), {
          default: withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              _push2(`<div class="items" data-v-7576639b${_scopeId}><p class="title" data-v-7576639b${_scopeId}>${ssrInterpolate(unref(currentLang).label)}</p><!--[-->`);
              ssrRenderList(unref(localeLinks), (locale) => {
                _push2(ssrRenderComponent(VPMenuLink, { item: locale }, null, _parent2, _scopeId));
              });
              _push2(`<!--]--></div>`);
            } else {
              return [
                createVNode("div", { class: "items" }, [
                  createVNode("p", { class: "title" }, toDisplayString(unref(currentLang).label), 1),
                  (openBlock(true), createBlock(Fragment, null, renderList(unref(localeLinks), (locale) => {
                    return openBlock(), createBlock(VPMenuLink, {
                      key: locale.link,
                      item: locale
                    }, null, 8, ["item"]);
                  }), 128))
                ])
              ];
            }
          }),
          _: 1
        }, _parent));
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$p = _sfc_main$p.setup;
_sfc_main$p.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavBarTranslations.vue");
  return _sfc_setup$p ? _sfc_setup$p(props, ctx) : void 0;
};
const VPNavBarTranslations = /* @__PURE__ */ _export_sfc(_sfc_main$p, [["__scopeId", "data-v-7576639b"]]);
const _sfc_main$o = /* @__PURE__ */ defineComponent({
  __name: "VPNavBar",
  __ssrInlineRender: true,
  props: {
    isScreenOpen: { type: Boolean }
  },
  emits: ["toggle-screen"],
  setup(__props) {
    const props = __props;
    const { y } = useWindowScroll();
    const { hasSidebar } = useSidebar();
    const { frontmatter } = useData();
    const classes = ref({});
    watchPostEffect(() => {
      classes.value = {
        "has-sidebar": hasSidebar.value,
        "home": frontmatter.value.layout === "home",
        "top": y.value === 0,
        "screen-open": props.isScreenOpen
      };
    });
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({
        class: ["VPNavBar", classes.value]
      }, _attrs))} data-v-b81b65ae><div class="wrapper" data-v-b81b65ae><div class="container" data-v-b81b65ae><div class="title" data-v-b81b65ae>`);
      _push(ssrRenderComponent(VPNavBarTitle, null, {
        "nav-bar-title-before": withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            ssrRenderSlot(_ctx.$slots, "nav-bar-title-before", {}, null, _push2, _parent2, _scopeId);
          } else {
            return [
              renderSlot(_ctx.$slots, "nav-bar-title-before", {}, void 0, true)
            ];
          }
        }),
        "nav-bar-title-after": withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            ssrRenderSlot(_ctx.$slots, "nav-bar-title-after", {}, null, _push2, _parent2, _scopeId);
          } else {
            return [
              renderSlot(_ctx.$slots, "nav-bar-title-after", {}, void 0, true)
            ];
          }
        }),
        _: 3
      }, _parent));
      _push(`</div><div class="content" data-v-b81b65ae><div class="content-body" data-v-b81b65ae>`);
      ssrRenderSlot(_ctx.$slots, "nav-bar-content-before", {}, null, _push, _parent);
      _push(ssrRenderComponent(_sfc_main$s, { class: "search" }, null, _parent));
      _push(ssrRenderComponent(VPNavBarMenu, { class: "menu" }, null, _parent));
      _push(ssrRenderComponent(VPNavBarTranslations, { class: "translations" }, null, _parent));
      _push(ssrRenderComponent(VPNavBarAppearance, { class: "appearance" }, null, _parent));
      _push(ssrRenderComponent(VPNavBarSocialLinks, { class: "social-links" }, null, _parent));
      _push(ssrRenderComponent(VPNavBarExtra, { class: "extra" }, null, _parent));
      ssrRenderSlot(_ctx.$slots, "nav-bar-content-after", {}, null, _push, _parent);
      _push(ssrRenderComponent(VPNavBarHamburger, {
        class: "hamburger",
        active: __props.isScreenOpen,
        onClick: ($event) => _ctx.$emit("toggle-screen")
      }, null, _parent));
      _push(`</div></div></div></div><div class="divider" data-v-b81b65ae><div class="divider-line" data-v-b81b65ae></div></div></div>`);
    };
  }
});
const _sfc_setup$o = _sfc_main$o.setup;
_sfc_main$o.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavBar.vue");
  return _sfc_setup$o ? _sfc_setup$o(props, ctx) : void 0;
};
const VPNavBar = /* @__PURE__ */ _export_sfc(_sfc_main$o, [["__scopeId", "data-v-b81b65ae"]]);
const _sfc_main$n = /* @__PURE__ */ defineComponent({
  __name: "VPNavScreenAppearance",
  __ssrInlineRender: true,
  setup(__props) {
    const { site, theme: theme2 } = useData();
    return (_ctx, _push, _parent, _attrs) => {
      if (unref(site).appearance && unref(site).appearance !== "force-dark" && unref(site).appearance !== "force-auto") {
        _push(`<div${ssrRenderAttrs(mergeProps({ class: "VPNavScreenAppearance" }, _attrs))} data-v-ed97e2d8><p class="text" data-v-ed97e2d8>${ssrInterpolate(unref(theme2).darkModeSwitchLabel || "Appearance")}</p>`);
        _push(ssrRenderComponent(VPSwitchAppearance, null, null, _parent));
        _push(`</div>`);
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$n = _sfc_main$n.setup;
_sfc_main$n.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavScreenAppearance.vue");
  return _sfc_setup$n ? _sfc_setup$n(props, ctx) : void 0;
};
const VPNavScreenAppearance = /* @__PURE__ */ _export_sfc(_sfc_main$n, [["__scopeId", "data-v-ed97e2d8"]]);
const _sfc_main$m = /* @__PURE__ */ defineComponent({
  __name: "VPNavScreenMenuLink",
  __ssrInlineRender: true,
  props: {
    item: {}
  },
  setup(__props) {
    const closeScreen = inject("close-screen");
    return (_ctx, _push, _parent, _attrs) => {
      _push(ssrRenderComponent(_sfc_main$Z, mergeProps({
        class: "VPNavScreenMenuLink",
        href: __props.item.link,
        target: __props.item.target,
        rel: __props.item.rel,
        "no-icon": __props.item.noIcon,
        onClick: unref(closeScreen)
      }, _attrs), {
        default: withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            _push2(`<span data-v-c73d063c${_scopeId}>${__props.item.text ?? ""}</span>`);
          } else {
            return [
              createVNode("span", {
                innerHTML: __props.item.text
              }, null, 8, ["innerHTML"])
            ];
          }
        }),
        _: 1
      }, _parent));
    };
  }
});
const _sfc_setup$m = _sfc_main$m.setup;
_sfc_main$m.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavScreenMenuLink.vue");
  return _sfc_setup$m ? _sfc_setup$m(props, ctx) : void 0;
};
const VPNavScreenMenuLink = /* @__PURE__ */ _export_sfc(_sfc_main$m, [["__scopeId", "data-v-c73d063c"]]);
const _sfc_main$l = /* @__PURE__ */ defineComponent({
  __name: "VPNavScreenMenuGroupLink",
  __ssrInlineRender: true,
  props: {
    item: {}
  },
  setup(__props) {
    const closeScreen = inject("close-screen");
    return (_ctx, _push, _parent, _attrs) => {
      _push(ssrRenderComponent(_sfc_main$Z, mergeProps({
        class: "VPNavScreenMenuGroupLink",
        href: __props.item.link,
        target: __props.item.target,
        rel: __props.item.rel,
        "no-icon": __props.item.noIcon,
        onClick: unref(closeScreen)
      }, _attrs), {
        default: withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            _push2(`<span data-v-ae9c6dd1${_scopeId}>${__props.item.text ?? ""}</span>`);
          } else {
            return [
              createVNode("span", {
                innerHTML: __props.item.text
              }, null, 8, ["innerHTML"])
            ];
          }
        }),
        _: 1
      }, _parent));
    };
  }
});
const _sfc_setup$l = _sfc_main$l.setup;
_sfc_main$l.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavScreenMenuGroupLink.vue");
  return _sfc_setup$l ? _sfc_setup$l(props, ctx) : void 0;
};
const VPNavScreenMenuGroupLink = /* @__PURE__ */ _export_sfc(_sfc_main$l, [["__scopeId", "data-v-ae9c6dd1"]]);
const _sfc_main$k = /* @__PURE__ */ defineComponent({
  __name: "VPNavScreenMenuGroupSection",
  __ssrInlineRender: true,
  props: {
    text: {},
    items: {}
  },
  setup(__props) {
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({ class: "VPNavScreenMenuGroupSection" }, _attrs))} data-v-04a25f09>`);
      if (__props.text) {
        _push(`<p class="title" data-v-04a25f09>${ssrInterpolate(__props.text)}</p>`);
      } else {
        _push(`<!---->`);
      }
      _push(`<!--[-->`);
      ssrRenderList(__props.items, (item) => {
        _push(ssrRenderComponent(VPNavScreenMenuGroupLink, {
          key: item.text,
          item
        }, null, _parent));
      });
      _push(`<!--]--></div>`);
    };
  }
});
const _sfc_setup$k = _sfc_main$k.setup;
_sfc_main$k.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavScreenMenuGroupSection.vue");
  return _sfc_setup$k ? _sfc_setup$k(props, ctx) : void 0;
};
const VPNavScreenMenuGroupSection = /* @__PURE__ */ _export_sfc(_sfc_main$k, [["__scopeId", "data-v-04a25f09"]]);
const _sfc_main$j = /* @__PURE__ */ defineComponent({
  __name: "VPNavScreenMenuGroup",
  __ssrInlineRender: true,
  props: {
    text: {},
    items: {}
  },
  setup(__props) {
    const props = __props;
    const isOpen = ref(false);
    const groupId = computed(
      () => `NavScreenGroup-${props.text.replace(" ", "-").toLowerCase()}`
    );
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({
        class: ["VPNavScreenMenuGroup", { open: isOpen.value }]
      }, _attrs))} data-v-27b7ae53><button class="button"${ssrRenderAttr("aria-controls", groupId.value)}${ssrRenderAttr("aria-expanded", isOpen.value)} data-v-27b7ae53><span class="button-text" data-v-27b7ae53>${__props.text ?? ""}</span><span class="vpi-plus button-icon" data-v-27b7ae53></span></button><div${ssrRenderAttr("id", groupId.value)} class="items" data-v-27b7ae53><!--[-->`);
      ssrRenderList(__props.items, (item) => {
        _push(`<!--[-->`);
        if ("link" in item) {
          _push(`<div class="item" data-v-27b7ae53>`);
          _push(ssrRenderComponent(VPNavScreenMenuGroupLink, { item }, null, _parent));
          _push(`</div>`);
        } else if ("component" in item) {
          _push(`<div class="item" data-v-27b7ae53>`);
          ssrRenderVNode(_push, createVNode(resolveDynamicComponent(item.component), mergeProps({ ref_for: true }, item.props, { "screen-menu": "" }), null), _parent);
          _push(`</div>`);
        } else {
          _push(`<div class="group" data-v-27b7ae53>`);
          _push(ssrRenderComponent(VPNavScreenMenuGroupSection, {
            text: item.text,
            items: item.items
          }, null, _parent));
          _push(`</div>`);
        }
        _push(`<!--]-->`);
      });
      _push(`<!--]--></div></div>`);
    };
  }
});
const _sfc_setup$j = _sfc_main$j.setup;
_sfc_main$j.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavScreenMenuGroup.vue");
  return _sfc_setup$j ? _sfc_setup$j(props, ctx) : void 0;
};
const VPNavScreenMenuGroup = /* @__PURE__ */ _export_sfc(_sfc_main$j, [["__scopeId", "data-v-27b7ae53"]]);
const _sfc_main$i = /* @__PURE__ */ defineComponent({
  __name: "VPNavScreenMenu",
  __ssrInlineRender: true,
  setup(__props) {
    const { theme: theme2 } = useData();
    return (_ctx, _push, _parent, _attrs) => {
      if (unref(theme2).nav) {
        _push(`<nav${ssrRenderAttrs(mergeProps({ class: "VPNavScreenMenu" }, _attrs))}><!--[-->`);
        ssrRenderList(unref(theme2).nav, (item) => {
          _push(`<!--[-->`);
          if ("link" in item) {
            _push(ssrRenderComponent(VPNavScreenMenuLink, { item }, null, _parent));
          } else if ("component" in item) {
            ssrRenderVNode(_push, createVNode(resolveDynamicComponent(item.component), mergeProps({ ref_for: true }, item.props, { "screen-menu": "" }), null), _parent);
          } else {
            _push(ssrRenderComponent(VPNavScreenMenuGroup, {
              text: item.text || "",
              items: item.items
            }, null, _parent));
          }
          _push(`<!--]-->`);
        });
        _push(`<!--]--></nav>`);
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$i = _sfc_main$i.setup;
_sfc_main$i.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavScreenMenu.vue");
  return _sfc_setup$i ? _sfc_setup$i(props, ctx) : void 0;
};
const _sfc_main$h = /* @__PURE__ */ defineComponent({
  __name: "VPNavScreenSocialLinks",
  __ssrInlineRender: true,
  setup(__props) {
    const { theme: theme2 } = useData();
    return (_ctx, _push, _parent, _attrs) => {
      if (unref(theme2).socialLinks) {
        _push(ssrRenderComponent(VPSocialLinks, mergeProps({
          class: "VPNavScreenSocialLinks",
          links: unref(theme2).socialLinks
        }, _attrs), null, _parent));
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$h = _sfc_main$h.setup;
_sfc_main$h.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavScreenSocialLinks.vue");
  return _sfc_setup$h ? _sfc_setup$h(props, ctx) : void 0;
};
const _sfc_main$g = /* @__PURE__ */ defineComponent({
  __name: "VPNavScreenTranslations",
  __ssrInlineRender: true,
  setup(__props) {
    const { localeLinks, currentLang } = useLangs({ correspondingLink: true });
    const isOpen = ref(false);
    return (_ctx, _push, _parent, _attrs) => {
      if (unref(localeLinks).length && unref(currentLang).label) {
        _push(`<div${ssrRenderAttrs(mergeProps({
          class: ["VPNavScreenTranslations", { open: isOpen.value }]
        }, _attrs))} data-v-f266acfc><button class="title" data-v-f266acfc><span class="vpi-languages icon lang" data-v-f266acfc></span> ${ssrInterpolate(unref(currentLang).label)} <span class="vpi-chevron-down icon chevron" data-v-f266acfc></span></button><ul class="list" data-v-f266acfc><!--[-->`);
        ssrRenderList(unref(localeLinks), (locale) => {
          _push(`<li class="item" data-v-f266acfc>`);
          _push(ssrRenderComponent(_sfc_main$Z, {
            class: "link",
            href: locale.link
          }, {
            default: withCtx((_, _push2, _parent2, _scopeId) => {
              if (_push2) {
                _push2(`${ssrInterpolate(locale.text)}`);
              } else {
                return [
                  createTextVNode(toDisplayString(locale.text), 1)
                ];
              }
            }),
            _: 2
          }, _parent));
          _push(`</li>`);
        });
        _push(`<!--]--></ul></div>`);
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$g = _sfc_main$g.setup;
_sfc_main$g.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavScreenTranslations.vue");
  return _sfc_setup$g ? _sfc_setup$g(props, ctx) : void 0;
};
const VPNavScreenTranslations = /* @__PURE__ */ _export_sfc(_sfc_main$g, [["__scopeId", "data-v-f266acfc"]]);
const _sfc_main$f = /* @__PURE__ */ defineComponent({
  __name: "VPNavScreen",
  __ssrInlineRender: true,
  props: {
    open: { type: Boolean }
  },
  setup(__props) {
    const screen = ref(null);
    useScrollLock(inBrowser ? document.body : null);
    return (_ctx, _push, _parent, _attrs) => {
      if (__props.open) {
        _push(`<div${ssrRenderAttrs(mergeProps({
          class: "VPNavScreen",
          ref_key: "screen",
          ref: screen,
          id: "VPNavScreen"
        }, _attrs))} data-v-b974a70e><div class="container" data-v-b974a70e>`);
        ssrRenderSlot(_ctx.$slots, "nav-screen-content-before", {}, null, _push, _parent);
        _push(ssrRenderComponent(_sfc_main$i, { class: "menu" }, null, _parent));
        _push(ssrRenderComponent(VPNavScreenTranslations, { class: "translations" }, null, _parent));
        _push(ssrRenderComponent(VPNavScreenAppearance, { class: "appearance" }, null, _parent));
        _push(ssrRenderComponent(_sfc_main$h, { class: "social-links" }, null, _parent));
        ssrRenderSlot(_ctx.$slots, "nav-screen-content-after", {}, null, _push, _parent);
        _push(`</div></div>`);
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$f = _sfc_main$f.setup;
_sfc_main$f.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNavScreen.vue");
  return _sfc_setup$f ? _sfc_setup$f(props, ctx) : void 0;
};
const VPNavScreen = /* @__PURE__ */ _export_sfc(_sfc_main$f, [["__scopeId", "data-v-b974a70e"]]);
const _sfc_main$e = /* @__PURE__ */ defineComponent({
  __name: "VPNav",
  __ssrInlineRender: true,
  setup(__props) {
    const { isScreenOpen, closeScreen, toggleScreen } = useNav();
    const { frontmatter } = useData();
    const hasNavbar = computed(() => {
      return frontmatter.value.navbar !== false;
    });
    provide("close-screen", closeScreen);
    watchEffect(() => {
      if (inBrowser) {
        document.documentElement.classList.toggle("hide-nav", !hasNavbar.value);
      }
    });
    return (_ctx, _push, _parent, _attrs) => {
      if (hasNavbar.value) {
        _push(`<header${ssrRenderAttrs(mergeProps({ class: "VPNav" }, _attrs))} data-v-06009c7b>`);
        _push(ssrRenderComponent(VPNavBar, {
          "is-screen-open": unref(isScreenOpen),
          onToggleScreen: unref(toggleScreen)
        }, {
          "nav-bar-title-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "nav-bar-title-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "nav-bar-title-before", {}, void 0, true)
              ];
            }
          }),
          "nav-bar-title-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "nav-bar-title-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "nav-bar-title-after", {}, void 0, true)
              ];
            }
          }),
          "nav-bar-content-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "nav-bar-content-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "nav-bar-content-before", {}, void 0, true)
              ];
            }
          }),
          "nav-bar-content-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "nav-bar-content-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "nav-bar-content-after", {}, void 0, true)
              ];
            }
          }),
          _: 3
        }, _parent));
        _push(ssrRenderComponent(VPNavScreen, { open: unref(isScreenOpen) }, {
          "nav-screen-content-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "nav-screen-content-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "nav-screen-content-before", {}, void 0, true)
              ];
            }
          }),
          "nav-screen-content-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "nav-screen-content-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "nav-screen-content-after", {}, void 0, true)
              ];
            }
          }),
          _: 3
        }, _parent));
        _push(`</header>`);
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$e = _sfc_main$e.setup;
_sfc_main$e.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPNav.vue");
  return _sfc_setup$e ? _sfc_setup$e(props, ctx) : void 0;
};
const VPNav = /* @__PURE__ */ _export_sfc(_sfc_main$e, [["__scopeId", "data-v-06009c7b"]]);
const _sfc_main$d = /* @__PURE__ */ defineComponent({
  __name: "VPSidebarItem",
  __ssrInlineRender: true,
  props: {
    item: {},
    depth: {}
  },
  setup(__props) {
    const props = __props;
    const {
      collapsed,
      collapsible,
      isLink,
      isActiveLink,
      hasActiveLink: hasActiveLink2,
      hasChildren,
      toggle
    } = useSidebarControl(computed(() => props.item));
    const sectionTag = computed(() => hasChildren.value ? "section" : `div`);
    const linkTag = computed(() => isLink.value ? "a" : "div");
    const textTag = computed(() => {
      return !hasChildren.value ? "p" : props.depth + 2 === 7 ? "p" : `h${props.depth + 2}`;
    });
    const itemRole = computed(() => isLink.value ? void 0 : "button");
    const classes = computed(() => [
      [`level-${props.depth}`],
      { collapsible: collapsible.value },
      { collapsed: collapsed.value },
      { "is-link": isLink.value },
      { "is-active": isActiveLink.value },
      { "has-active": hasActiveLink2.value }
    ]);
    function onItemInteraction(e) {
      if ("key" in e && e.key !== "Enter") {
        return;
      }
      !props.item.link && toggle();
    }
    function onCaretClick() {
      props.item.link && toggle();
    }
    return (_ctx, _push, _parent, _attrs) => {
      const _component_VPSidebarItem = resolveComponent("VPSidebarItem", true);
      ssrRenderVNode(_push, createVNode(resolveDynamicComponent(sectionTag.value), mergeProps({
        class: ["VPSidebarItem", classes.value]
      }, _attrs), {
        default: withCtx((_, _push2, _parent2, _scopeId) => {
          if (_push2) {
            if (__props.item.text) {
              _push2(`<div class="item"${ssrRenderAttr("role", itemRole.value)}${ssrRenderAttr("tabindex", __props.item.items && 0)} data-v-a10850c8${_scopeId}><div class="indicator" data-v-a10850c8${_scopeId}></div>`);
              if (__props.item.link) {
                _push2(ssrRenderComponent(_sfc_main$Z, {
                  tag: linkTag.value,
                  class: "link",
                  href: __props.item.link,
                  rel: __props.item.rel,
                  target: __props.item.target
                }, {
                  default: withCtx((_2, _push3, _parent3, _scopeId2) => {
                    if (_push3) {
                      ssrRenderVNode(_push3, createVNode(resolveDynamicComponent(textTag.value), { class: "text" }, null), _parent3, _scopeId2);
                    } else {
                      return [
                        (openBlock(), createBlock(resolveDynamicComponent(textTag.value), {
                          class: "text",
                          innerHTML: __props.item.text
                        }, null, 8, ["innerHTML"]))
                      ];
                    }
                  }),
                  _: 1
                }, _parent2, _scopeId));
              } else {
                ssrRenderVNode(_push2, createVNode(resolveDynamicComponent(textTag.value), { class: "text" }, null), _parent2, _scopeId);
              }
              if (__props.item.collapsed != null && __props.item.items && __props.item.items.length) {
                _push2(`<div class="caret" role="button" aria-label="toggle section" tabindex="0" data-v-a10850c8${_scopeId}><span class="vpi-chevron-right caret-icon" data-v-a10850c8${_scopeId}></span></div>`);
              } else {
                _push2(`<!---->`);
              }
              _push2(`</div>`);
            } else {
              _push2(`<!---->`);
            }
            if (__props.item.items && __props.item.items.length) {
              _push2(`<div class="items" data-v-a10850c8${_scopeId}>`);
              if (__props.depth < 5) {
                _push2(`<!--[-->`);
                ssrRenderList(__props.item.items, (i) => {
                  _push2(ssrRenderComponent(_component_VPSidebarItem, {
                    key: i.text,
                    item: i,
                    depth: __props.depth + 1
                  }, null, _parent2, _scopeId));
                });
                _push2(`<!--]-->`);
              } else {
                _push2(`<!---->`);
              }
              _push2(`</div>`);
            } else {
              _push2(`<!---->`);
            }
          } else {
            return [
              __props.item.text ? (openBlock(), createBlock("div", mergeProps({
                key: 0,
                class: "item",
                role: itemRole.value
              }, toHandlers(
                __props.item.items ? { click: onItemInteraction, keydown: onItemInteraction } : {},
                true
              ), {
                tabindex: __props.item.items && 0
              }), [
                createVNode("div", { class: "indicator" }),
                __props.item.link ? (openBlock(), createBlock(_sfc_main$Z, {
                  key: 0,
                  tag: linkTag.value,
                  class: "link",
                  href: __props.item.link,
                  rel: __props.item.rel,
                  target: __props.item.target
                }, {
                  default: withCtx(() => [
                    (openBlock(), createBlock(resolveDynamicComponent(textTag.value), {
                      class: "text",
                      innerHTML: __props.item.text
                    }, null, 8, ["innerHTML"]))
                  ]),
                  _: 1
                }, 8, ["tag", "href", "rel", "target"])) : (openBlock(), createBlock(resolveDynamicComponent(textTag.value), {
                  key: 1,
                  class: "text",
                  innerHTML: __props.item.text
                }, null, 8, ["innerHTML"])),
                __props.item.collapsed != null && __props.item.items && __props.item.items.length ? (openBlock(), createBlock("div", {
                  key: 2,
                  class: "caret",
                  role: "button",
                  "aria-label": "toggle section",
                  onClick: onCaretClick,
                  onKeydown: withKeys(onCaretClick, ["enter"]),
                  tabindex: "0"
                }, [
                  createVNode("span", { class: "vpi-chevron-right caret-icon" })
                ], 32)) : createCommentVNode("", true)
              ], 16, ["role", "tabindex"])) : createCommentVNode("", true),
              __props.item.items && __props.item.items.length ? (openBlock(), createBlock("div", {
                key: 1,
                class: "items"
              }, [
                __props.depth < 5 ? (openBlock(true), createBlock(Fragment, { key: 0 }, renderList(__props.item.items, (i) => {
                  return openBlock(), createBlock(_component_VPSidebarItem, {
                    key: i.text,
                    item: i,
                    depth: __props.depth + 1
                  }, null, 8, ["item", "depth"]);
                }), 128)) : createCommentVNode("", true)
              ])) : createCommentVNode("", true)
            ];
          }
        }),
        _: 1
      }), _parent);
    };
  }
});
const _sfc_setup$d = _sfc_main$d.setup;
_sfc_main$d.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPSidebarItem.vue");
  return _sfc_setup$d ? _sfc_setup$d(props, ctx) : void 0;
};
const VPSidebarItem = /* @__PURE__ */ _export_sfc(_sfc_main$d, [["__scopeId", "data-v-a10850c8"]]);
const _sfc_main$c = /* @__PURE__ */ defineComponent({
  __name: "VPSidebarGroup",
  __ssrInlineRender: true,
  props: {
    items: {}
  },
  setup(__props) {
    const disableTransition = ref(true);
    let timer = null;
    onMounted(() => {
      timer = setTimeout(() => {
        timer = null;
        disableTransition.value = false;
      }, 300);
    });
    onBeforeUnmount(() => {
      if (timer != null) {
        clearTimeout(timer);
        timer = null;
      }
    });
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<!--[-->`);
      ssrRenderList(__props.items, (item) => {
        _push(`<div class="${ssrRenderClass([{ "no-transition": disableTransition.value }, "group"])}" data-v-c89eddc7>`);
        _push(ssrRenderComponent(VPSidebarItem, {
          item,
          depth: 0
        }, null, _parent));
        _push(`</div>`);
      });
      _push(`<!--]-->`);
    };
  }
});
const _sfc_setup$c = _sfc_main$c.setup;
_sfc_main$c.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPSidebarGroup.vue");
  return _sfc_setup$c ? _sfc_setup$c(props, ctx) : void 0;
};
const VPSidebarGroup = /* @__PURE__ */ _export_sfc(_sfc_main$c, [["__scopeId", "data-v-c89eddc7"]]);
const _sfc_main$b = /* @__PURE__ */ defineComponent({
  __name: "VPSidebar",
  __ssrInlineRender: true,
  props: {
    open: { type: Boolean }
  },
  setup(__props) {
    const { sidebarGroups, hasSidebar } = useSidebar();
    const props = __props;
    const navEl = ref(null);
    const isLocked = useScrollLock(inBrowser ? document.body : null);
    watch(
      [props, navEl],
      () => {
        var _a;
        if (props.open) {
          isLocked.value = true;
          (_a = navEl.value) == null ? void 0 : _a.focus();
        } else isLocked.value = false;
      },
      { immediate: true, flush: "post" }
    );
    const key = ref(0);
    watch(
      sidebarGroups,
      () => {
        key.value += 1;
      },
      { deep: true }
    );
    return (_ctx, _push, _parent, _attrs) => {
      if (unref(hasSidebar)) {
        _push(`<aside${ssrRenderAttrs(mergeProps({
          class: ["VPSidebar", { open: __props.open }],
          ref_key: "navEl",
          ref: navEl
        }, _attrs))} data-v-b9fd0422><div class="curtain" data-v-b9fd0422></div><nav class="nav" id="VPSidebarNav" aria-labelledby="sidebar-aria-label" tabindex="-1" data-v-b9fd0422><span class="visually-hidden" id="sidebar-aria-label" data-v-b9fd0422> Sidebar Navigation </span>`);
        ssrRenderSlot(_ctx.$slots, "sidebar-nav-before", {}, null, _push, _parent);
        _push(ssrRenderComponent(VPSidebarGroup, {
          items: unref(sidebarGroups),
          key: key.value
        }, null, _parent));
        ssrRenderSlot(_ctx.$slots, "sidebar-nav-after", {}, null, _push, _parent);
        _push(`</nav></aside>`);
      } else {
        _push(`<!---->`);
      }
    };
  }
});
const _sfc_setup$b = _sfc_main$b.setup;
_sfc_main$b.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPSidebar.vue");
  return _sfc_setup$b ? _sfc_setup$b(props, ctx) : void 0;
};
const VPSidebar = /* @__PURE__ */ _export_sfc(_sfc_main$b, [["__scopeId", "data-v-b9fd0422"]]);
const _sfc_main$a = /* @__PURE__ */ defineComponent({
  __name: "VPSkipLink",
  __ssrInlineRender: true,
  setup(__props) {
    const { theme: theme2 } = useData();
    const route = useRoute();
    const backToTop = ref();
    watch(() => route.path, () => backToTop.value.focus());
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<!--[--><span tabindex="-1" data-v-b07bad37></span><a href="#VPContent" class="VPSkipLink visually-hidden" data-v-b07bad37>${ssrInterpolate(unref(theme2).skipToContentLabel || "Skip to content")}</a><!--]-->`);
    };
  }
});
const _sfc_setup$a = _sfc_main$a.setup;
_sfc_main$a.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPSkipLink.vue");
  return _sfc_setup$a ? _sfc_setup$a(props, ctx) : void 0;
};
const VPSkipLink = /* @__PURE__ */ _export_sfc(_sfc_main$a, [["__scopeId", "data-v-b07bad37"]]);
const _sfc_main$9 = /* @__PURE__ */ defineComponent({
  __name: "Layout",
  __ssrInlineRender: true,
  setup(__props) {
    const {
      isOpen: isSidebarOpen,
      open: openSidebar,
      close: closeSidebar
    } = useSidebar();
    const route = useRoute();
    watch(() => route.path, closeSidebar);
    useCloseSidebarOnEscape(isSidebarOpen, closeSidebar);
    const { frontmatter } = useData();
    const slots = useSlots();
    const heroImageSlotExists = computed(() => !!slots["home-hero-image"]);
    provide("hero-image-slot-exists", heroImageSlotExists);
    return (_ctx, _push, _parent, _attrs) => {
      const _component_Content = resolveComponent("Content");
      if (unref(frontmatter).layout !== false) {
        _push(`<div${ssrRenderAttrs(mergeProps({
          class: ["Layout", unref(frontmatter).pageClass]
        }, _attrs))} data-v-7331eec8>`);
        ssrRenderSlot(_ctx.$slots, "layout-top", {}, null, _push, _parent);
        _push(ssrRenderComponent(VPSkipLink, null, null, _parent));
        _push(ssrRenderComponent(VPBackdrop, {
          class: "backdrop",
          show: unref(isSidebarOpen),
          onClick: unref(closeSidebar)
        }, null, _parent));
        _push(ssrRenderComponent(VPNav, null, {
          "nav-bar-title-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "nav-bar-title-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "nav-bar-title-before", {}, void 0, true)
              ];
            }
          }),
          "nav-bar-title-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "nav-bar-title-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "nav-bar-title-after", {}, void 0, true)
              ];
            }
          }),
          "nav-bar-content-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "nav-bar-content-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "nav-bar-content-before", {}, void 0, true)
              ];
            }
          }),
          "nav-bar-content-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "nav-bar-content-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "nav-bar-content-after", {}, void 0, true)
              ];
            }
          }),
          "nav-screen-content-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "nav-screen-content-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "nav-screen-content-before", {}, void 0, true)
              ];
            }
          }),
          "nav-screen-content-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "nav-screen-content-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "nav-screen-content-after", {}, void 0, true)
              ];
            }
          }),
          _: 3
        }, _parent));
        _push(ssrRenderComponent(VPLocalNav, {
          open: unref(isSidebarOpen),
          onOpenMenu: unref(openSidebar)
        }, null, _parent));
        _push(ssrRenderComponent(VPSidebar, { open: unref(isSidebarOpen) }, {
          "sidebar-nav-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "sidebar-nav-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "sidebar-nav-before", {}, void 0, true)
              ];
            }
          }),
          "sidebar-nav-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "sidebar-nav-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "sidebar-nav-after", {}, void 0, true)
              ];
            }
          }),
          _: 3
        }, _parent));
        _push(ssrRenderComponent(VPContent, null, {
          "page-top": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "page-top", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "page-top", {}, void 0, true)
              ];
            }
          }),
          "page-bottom": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "page-bottom", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "page-bottom", {}, void 0, true)
              ];
            }
          }),
          "not-found": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "not-found", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "not-found", {}, void 0, true)
              ];
            }
          }),
          "home-hero-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-before", {}, void 0, true)
              ];
            }
          }),
          "home-hero-info-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-info-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-info-before", {}, void 0, true)
              ];
            }
          }),
          "home-hero-info": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-info", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-info", {}, void 0, true)
              ];
            }
          }),
          "home-hero-info-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-info-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-info-after", {}, void 0, true)
              ];
            }
          }),
          "home-hero-actions-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-actions-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-actions-after", {}, void 0, true)
              ];
            }
          }),
          "home-hero-image": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-image", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-image", {}, void 0, true)
              ];
            }
          }),
          "home-hero-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-hero-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-hero-after", {}, void 0, true)
              ];
            }
          }),
          "home-features-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-features-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-features-before", {}, void 0, true)
              ];
            }
          }),
          "home-features-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "home-features-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "home-features-after", {}, void 0, true)
              ];
            }
          }),
          "doc-footer-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "doc-footer-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "doc-footer-before", {}, void 0, true)
              ];
            }
          }),
          "doc-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "doc-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "doc-before", {}, void 0, true)
              ];
            }
          }),
          "doc-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "doc-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "doc-after", {}, void 0, true)
              ];
            }
          }),
          "doc-top": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "doc-top", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "doc-top", {}, void 0, true)
              ];
            }
          }),
          "doc-bottom": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "doc-bottom", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "doc-bottom", {}, void 0, true)
              ];
            }
          }),
          "aside-top": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-top", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-top", {}, void 0, true)
              ];
            }
          }),
          "aside-bottom": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-bottom", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-bottom", {}, void 0, true)
              ];
            }
          }),
          "aside-outline-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-outline-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-outline-before", {}, void 0, true)
              ];
            }
          }),
          "aside-outline-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-outline-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-outline-after", {}, void 0, true)
              ];
            }
          }),
          "aside-ads-before": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-ads-before", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-ads-before", {}, void 0, true)
              ];
            }
          }),
          "aside-ads-after": withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              ssrRenderSlot(_ctx.$slots, "aside-ads-after", {}, null, _push2, _parent2, _scopeId);
            } else {
              return [
                renderSlot(_ctx.$slots, "aside-ads-after", {}, void 0, true)
              ];
            }
          }),
          _: 3
        }, _parent));
        _push(ssrRenderComponent(VPFooter, null, null, _parent));
        ssrRenderSlot(_ctx.$slots, "layout-bottom", {}, null, _push, _parent);
        _push(`</div>`);
      } else {
        _push(ssrRenderComponent(_component_Content, _attrs, null, _parent));
      }
    };
  }
});
const _sfc_setup$9 = _sfc_main$9.setup;
_sfc_main$9.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/Layout.vue");
  return _sfc_setup$9 ? _sfc_setup$9(props, ctx) : void 0;
};
const Layout = /* @__PURE__ */ _export_sfc(_sfc_main$9, [["__scopeId", "data-v-7331eec8"]]);
const GridSettings = {
  xmini: [[0, 2]],
  mini: [],
  small: [
    [920, 6],
    [768, 5],
    [640, 4],
    [480, 3],
    [0, 2]
  ],
  medium: [
    [960, 5],
    [832, 4],
    [640, 3],
    [480, 2]
  ],
  big: [
    [832, 3],
    [640, 2]
  ]
};
function useSponsorsGrid({ el, size = "medium" }) {
  const onResize = throttleAndDebounce(manage, 100);
  onMounted(() => {
    manage();
    window.addEventListener("resize", onResize);
  });
  onUnmounted(() => {
    window.removeEventListener("resize", onResize);
  });
  function manage() {
    adjustSlots(el.value, size);
  }
}
function adjustSlots(el, size) {
  const tsize = el.children.length;
  const asize = el.querySelectorAll(".vp-sponsor-grid-item:not(.empty)").length;
  const grid = setGrid(el, size, asize);
  manageSlots(el, grid, tsize, asize);
}
function setGrid(el, size, items) {
  const settings = GridSettings[size];
  const screen = window.innerWidth;
  let grid = 1;
  settings.some(([breakpoint, value]) => {
    if (screen >= breakpoint) {
      grid = items < value ? items : value;
      return true;
    }
  });
  setGridData(el, grid);
  return grid;
}
function setGridData(el, value) {
  el.dataset.vpGrid = String(value);
}
function manageSlots(el, grid, tsize, asize) {
  const diff = tsize - asize;
  const rem = asize % grid;
  const drem = rem === 0 ? rem : grid - rem;
  neutralizeSlots(el, drem - diff);
}
function neutralizeSlots(el, count) {
  if (count === 0) {
    return;
  }
  count > 0 ? addSlots(el, count) : removeSlots(el, count * -1);
}
function addSlots(el, count) {
  for (let i = 0; i < count; i++) {
    const slot = document.createElement("div");
    slot.classList.add("vp-sponsor-grid-item", "empty");
    el.append(slot);
  }
}
function removeSlots(el, count) {
  for (let i = 0; i < count; i++) {
    el.removeChild(el.lastElementChild);
  }
}
const _sfc_main$8 = /* @__PURE__ */ defineComponent({
  __name: "VPSponsorsGrid",
  __ssrInlineRender: true,
  props: {
    size: { default: "medium" },
    data: {}
  },
  setup(__props) {
    const props = __props;
    const el = ref(null);
    useSponsorsGrid({ el, size: props.size });
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({
        class: ["VPSponsorsGrid vp-sponsor-grid", [__props.size]],
        ref_key: "el",
        ref: el
      }, _attrs))}><!--[-->`);
      ssrRenderList(__props.data, (sponsor) => {
        _push(`<div class="vp-sponsor-grid-item"><a class="vp-sponsor-grid-link"${ssrRenderAttr("href", sponsor.url)} target="_blank" rel="sponsored noopener"><article class="vp-sponsor-grid-box"><h4 class="visually-hidden">${ssrInterpolate(sponsor.name)}</h4><img class="vp-sponsor-grid-image"${ssrRenderAttr("src", sponsor.img)}${ssrRenderAttr("alt", sponsor.name)}></article></a></div>`);
      });
      _push(`<!--]--></div>`);
    };
  }
});
const _sfc_setup$8 = _sfc_main$8.setup;
_sfc_main$8.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPSponsorsGrid.vue");
  return _sfc_setup$8 ? _sfc_setup$8(props, ctx) : void 0;
};
const _sfc_main$7 = /* @__PURE__ */ defineComponent({
  __name: "VPSponsors",
  __ssrInlineRender: true,
  props: {
    mode: { default: "normal" },
    tier: {},
    size: {},
    data: {}
  },
  setup(__props) {
    const props = __props;
    const sponsors = computed(() => {
      const isSponsors = props.data.some((s) => {
        return "items" in s;
      });
      if (isSponsors) {
        return props.data;
      }
      return [
        { tier: props.tier, size: props.size, items: props.data }
      ];
    });
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({
        class: ["VPSponsors vp-sponsor", [__props.mode]]
      }, _attrs))}><!--[-->`);
      ssrRenderList(sponsors.value, (sponsor, index) => {
        _push(`<section class="vp-sponsor-section">`);
        if (sponsor.tier) {
          _push(`<h3 class="vp-sponsor-tier">${ssrInterpolate(sponsor.tier)}</h3>`);
        } else {
          _push(`<!---->`);
        }
        _push(ssrRenderComponent(_sfc_main$8, {
          size: sponsor.size,
          data: sponsor.items
        }, null, _parent));
        _push(`</section>`);
      });
      _push(`<!--]--></div>`);
    };
  }
});
const _sfc_setup$7 = _sfc_main$7.setup;
_sfc_main$7.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPSponsors.vue");
  return _sfc_setup$7 ? _sfc_setup$7(props, ctx) : void 0;
};
const _sfc_main$6 = /* @__PURE__ */ defineComponent({
  __name: "VPDocAsideSponsors",
  __ssrInlineRender: true,
  props: {
    tier: {},
    size: {},
    data: {}
  },
  setup(__props) {
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({ class: "VPDocAsideSponsors" }, _attrs))}>`);
      _push(ssrRenderComponent(_sfc_main$7, {
        mode: "aside",
        tier: __props.tier,
        size: __props.size,
        data: __props.data
      }, null, _parent));
      _push(`</div>`);
    };
  }
});
const _sfc_setup$6 = _sfc_main$6.setup;
_sfc_main$6.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPDocAsideSponsors.vue");
  return _sfc_setup$6 ? _sfc_setup$6(props, ctx) : void 0;
};
const _sfc_main$5 = /* @__PURE__ */ defineComponent({
  __name: "VPHomeSponsors",
  __ssrInlineRender: true,
  props: {
    message: {},
    actionText: { default: "Become a sponsor" },
    actionLink: {},
    data: {}
  },
  setup(__props) {
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<section${ssrRenderAttrs(mergeProps({ class: "VPHomeSponsors" }, _attrs))} data-v-2cdbf53e><div class="container" data-v-2cdbf53e><div class="header" data-v-2cdbf53e><div class="love" data-v-2cdbf53e><span class="vpi-heart icon" data-v-2cdbf53e></span></div>`);
      if (__props.message) {
        _push(`<h2 class="message" data-v-2cdbf53e>${ssrInterpolate(__props.message)}</h2>`);
      } else {
        _push(`<!---->`);
      }
      _push(`</div><div class="sponsors" data-v-2cdbf53e>`);
      _push(ssrRenderComponent(_sfc_main$7, { data: __props.data }, null, _parent));
      _push(`</div>`);
      if (__props.actionLink) {
        _push(`<div class="action" data-v-2cdbf53e>`);
        _push(ssrRenderComponent(VPButton, {
          theme: "sponsor",
          text: __props.actionText,
          href: __props.actionLink
        }, null, _parent));
        _push(`</div>`);
      } else {
        _push(`<!---->`);
      }
      _push(`</div></section>`);
    };
  }
});
const _sfc_setup$5 = _sfc_main$5.setup;
_sfc_main$5.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPHomeSponsors.vue");
  return _sfc_setup$5 ? _sfc_setup$5(props, ctx) : void 0;
};
const _sfc_main$4 = /* @__PURE__ */ defineComponent({
  __name: "VPTeamMembersItem",
  __ssrInlineRender: true,
  props: {
    size: { default: "medium" },
    member: {}
  },
  setup(__props) {
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<article${ssrRenderAttrs(mergeProps({
        class: ["VPTeamMembersItem", [__props.size]]
      }, _attrs))} data-v-e29eaafe><div class="profile" data-v-e29eaafe><figure class="avatar" data-v-e29eaafe><img class="avatar-img"${ssrRenderAttr("src", __props.member.avatar)}${ssrRenderAttr("alt", __props.member.name)} data-v-e29eaafe></figure><div class="data" data-v-e29eaafe><h1 class="name" data-v-e29eaafe>${ssrInterpolate(__props.member.name)}</h1>`);
      if (__props.member.title || __props.member.org) {
        _push(`<p class="affiliation" data-v-e29eaafe>`);
        if (__props.member.title) {
          _push(`<span class="title" data-v-e29eaafe>${ssrInterpolate(__props.member.title)}</span>`);
        } else {
          _push(`<!---->`);
        }
        if (__props.member.title && __props.member.org) {
          _push(`<span class="at" data-v-e29eaafe> @ </span>`);
        } else {
          _push(`<!---->`);
        }
        if (__props.member.org) {
          _push(ssrRenderComponent(_sfc_main$Z, {
            class: ["org", { link: __props.member.orgLink }],
            href: __props.member.orgLink,
            "no-icon": ""
          }, {
            default: withCtx((_, _push2, _parent2, _scopeId) => {
              if (_push2) {
                _push2(`${ssrInterpolate(__props.member.org)}`);
              } else {
                return [
                  createTextVNode(toDisplayString(__props.member.org), 1)
                ];
              }
            }),
            _: 1
          }, _parent));
        } else {
          _push(`<!---->`);
        }
        _push(`</p>`);
      } else {
        _push(`<!---->`);
      }
      if (__props.member.desc) {
        _push(`<p class="desc" data-v-e29eaafe>${__props.member.desc ?? ""}</p>`);
      } else {
        _push(`<!---->`);
      }
      if (__props.member.links) {
        _push(`<div class="links" data-v-e29eaafe>`);
        _push(ssrRenderComponent(VPSocialLinks, {
          links: __props.member.links
        }, null, _parent));
        _push(`</div>`);
      } else {
        _push(`<!---->`);
      }
      _push(`</div></div>`);
      if (__props.member.sponsor) {
        _push(`<div class="sp" data-v-e29eaafe>`);
        _push(ssrRenderComponent(_sfc_main$Z, {
          class: "sp-link",
          href: __props.member.sponsor,
          "no-icon": ""
        }, {
          default: withCtx((_, _push2, _parent2, _scopeId) => {
            if (_push2) {
              _push2(`<span class="vpi-heart sp-icon" data-v-e29eaafe${_scopeId}></span> ${ssrInterpolate(__props.member.actionText || "Sponsor")}`);
            } else {
              return [
                createVNode("span", { class: "vpi-heart sp-icon" }),
                createTextVNode(" " + toDisplayString(__props.member.actionText || "Sponsor"), 1)
              ];
            }
          }),
          _: 1
        }, _parent));
        _push(`</div>`);
      } else {
        _push(`<!---->`);
      }
      _push(`</article>`);
    };
  }
});
const _sfc_setup$4 = _sfc_main$4.setup;
_sfc_main$4.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPTeamMembersItem.vue");
  return _sfc_setup$4 ? _sfc_setup$4(props, ctx) : void 0;
};
const VPTeamMembersItem = /* @__PURE__ */ _export_sfc(_sfc_main$4, [["__scopeId", "data-v-e29eaafe"]]);
const _sfc_main$3 = /* @__PURE__ */ defineComponent({
  __name: "VPTeamMembers",
  __ssrInlineRender: true,
  props: {
    size: { default: "medium" },
    members: {}
  },
  setup(__props) {
    const props = __props;
    const classes = computed(() => [props.size, `count-${props.members.length}`]);
    return (_ctx, _push, _parent, _attrs) => {
      _push(`<div${ssrRenderAttrs(mergeProps({
        class: ["VPTeamMembers", classes.value]
      }, _attrs))} data-v-dc3154f4><div class="container" data-v-dc3154f4><!--[-->`);
      ssrRenderList(__props.members, (member) => {
        _push(`<div class="item" data-v-dc3154f4>`);
        _push(ssrRenderComponent(VPTeamMembersItem, {
          size: __props.size,
          member
        }, null, _parent));
        _push(`</div>`);
      });
      _push(`<!--]--></div></div>`);
    };
  }
});
const _sfc_setup$3 = _sfc_main$3.setup;
_sfc_main$3.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPTeamMembers.vue");
  return _sfc_setup$3 ? _sfc_setup$3(props, ctx) : void 0;
};
const _sfc_main$2 = {};
const _sfc_setup$2 = _sfc_main$2.setup;
_sfc_main$2.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPTeamPage.vue");
  return _sfc_setup$2 ? _sfc_setup$2(props, ctx) : void 0;
};
const _sfc_main$1 = {};
const _sfc_setup$1 = _sfc_main$1.setup;
_sfc_main$1.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPTeamPageSection.vue");
  return _sfc_setup$1 ? _sfc_setup$1(props, ctx) : void 0;
};
const _sfc_main = {};
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("../node_modules/.pnpm/vitepress@1.6.4_@algolia+client-search@5.65.0_@types+node@26.6.6_lightningcss@1.33.0_po_c99909c7c553f8ef2739e3f31344362c/node_modules/vitepress/dist/client/theme-default/components/VPTeamPageTitle.vue");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const theme = {
  Layout,
  enhanceApp: ({ app }) => {
    app.component("Badge", _sfc_main$14);
  }
};
const ClientOnly = defineComponent({
  setup(_, { slots }) {
    const show = ref(false);
    onMounted(() => {
      show.value = true;
    });
    return () => show.value && slots.default ? slots.default() : null;
  }
});
function useCodeGroups() {
  if (inBrowser) {
    window.addEventListener("click", (e) => {
      var _a;
      const el = e.target;
      if (el.matches(".vp-code-group input")) {
        const group = (_a = el.parentElement) == null ? void 0 : _a.parentElement;
        if (!group)
          return;
        const i = Array.from(group.querySelectorAll("input")).indexOf(el);
        if (i < 0)
          return;
        const blocks = group.querySelector(".blocks");
        if (!blocks)
          return;
        const current = Array.from(blocks.children).find((child) => child.classList.contains("active"));
        if (!current)
          return;
        const next = blocks.children[i];
        if (!next || current === next)
          return;
        current.classList.remove("active");
        next.classList.add("active");
        const label = group == null ? void 0 : group.querySelector(`label[for="${el.id}"]`);
        label == null ? void 0 : label.scrollIntoView({ block: "nearest" });
      }
    });
  }
}
function useCopyCode() {
  if (inBrowser) {
    const timeoutIdMap = /* @__PURE__ */ new WeakMap();
    window.addEventListener("click", (e) => {
      var _a;
      const el = e.target;
      if (el.matches('div[class*="language-"] > button.copy')) {
        const parent = el.parentElement;
        const sibling = (_a = el.nextElementSibling) == null ? void 0 : _a.nextElementSibling;
        if (!parent || !sibling) {
          return;
        }
        const isShell = /language-(shellscript|shell|bash|sh|zsh)/.test(parent.className);
        const ignoredNodes = [".vp-copy-ignore", ".diff.remove"];
        const clone = sibling.cloneNode(true);
        clone.querySelectorAll(ignoredNodes.join(",")).forEach((node) => node.remove());
        let text = clone.textContent || "";
        if (isShell) {
          text = text.replace(/^ *(\$|>) /gm, "").trim();
        }
        copyToClipboard(text).then(() => {
          el.classList.add("copied");
          clearTimeout(timeoutIdMap.get(el));
          const timeoutId = setTimeout(() => {
            el.classList.remove("copied");
            el.blur();
            timeoutIdMap.delete(el);
          }, 2e3);
          timeoutIdMap.set(el, timeoutId);
        });
      }
    });
  }
}
async function copyToClipboard(text) {
  try {
    return navigator.clipboard.writeText(text);
  } catch {
    const element = document.createElement("textarea");
    const previouslyFocusedElement = document.activeElement;
    element.value = text;
    element.setAttribute("readonly", "");
    element.style.contain = "strict";
    element.style.position = "absolute";
    element.style.left = "-9999px";
    element.style.fontSize = "12pt";
    const selection = document.getSelection();
    const originalRange = selection ? selection.rangeCount > 0 && selection.getRangeAt(0) : null;
    document.body.appendChild(element);
    element.select();
    element.selectionStart = 0;
    element.selectionEnd = text.length;
    document.execCommand("copy");
    document.body.removeChild(element);
    if (originalRange) {
      selection.removeAllRanges();
      selection.addRange(originalRange);
    }
    if (previouslyFocusedElement) {
      previouslyFocusedElement.focus();
    }
  }
}
function useUpdateHead(route, siteDataByRouteRef) {
  let isFirstUpdate = true;
  let managedHeadElements = [];
  const updateHeadTags = (newTags) => {
    if (isFirstUpdate) {
      isFirstUpdate = false;
      newTags.forEach((tag) => {
        const headEl = createHeadElement(tag);
        for (const el of document.head.children) {
          if (el.isEqualNode(headEl)) {
            managedHeadElements.push(el);
            return;
          }
        }
      });
      return;
    }
    const newElements = newTags.map(createHeadElement);
    managedHeadElements.forEach((oldEl, oldIndex) => {
      const matchedIndex = newElements.findIndex((newEl) => newEl == null ? void 0 : newEl.isEqualNode(oldEl ?? null));
      if (matchedIndex !== -1) {
        delete newElements[matchedIndex];
      } else {
        oldEl == null ? void 0 : oldEl.remove();
        delete managedHeadElements[oldIndex];
      }
    });
    newElements.forEach((el) => el && document.head.appendChild(el));
    managedHeadElements = [...managedHeadElements, ...newElements].filter(Boolean);
  };
  watchEffect(() => {
    const pageData = route.data;
    const siteData2 = siteDataByRouteRef.value;
    const pageDescription = pageData && pageData.description;
    const frontmatterHead = pageData && pageData.frontmatter.head || [];
    const title = createTitle(siteData2, pageData);
    if (title !== document.title) {
      document.title = title;
    }
    const description = pageDescription || siteData2.description;
    let metaDescriptionElement = document.querySelector(`meta[name=description]`);
    if (metaDescriptionElement) {
      if (metaDescriptionElement.getAttribute("content") !== description) {
        metaDescriptionElement.setAttribute("content", description);
      }
    } else {
      createHeadElement(["meta", { name: "description", content: description }]);
    }
    updateHeadTags(mergeHead(siteData2.head, filterOutHeadDescription(frontmatterHead)));
  });
}
function createHeadElement([tag, attrs, innerHTML]) {
  const el = document.createElement(tag);
  for (const key in attrs) {
    el.setAttribute(key, attrs[key]);
  }
  if (innerHTML) {
    el.innerHTML = innerHTML;
  }
  if (tag === "script" && attrs.async == null) {
    el.async = false;
  }
  return el;
}
function isMetaDescription(headConfig) {
  return headConfig[0] === "meta" && headConfig[1] && headConfig[1].name === "description";
}
function filterOutHeadDescription(head) {
  return head.filter((h2) => !isMetaDescription(h2));
}
const hasFetched = /* @__PURE__ */ new Set();
const createLink = () => document.createElement("link");
const viaDOM = (url) => {
  const link2 = createLink();
  link2.rel = `prefetch`;
  link2.href = url;
  document.head.appendChild(link2);
};
const viaXHR = (url) => {
  const req = new XMLHttpRequest();
  req.open("GET", url, req.withCredentials = true);
  req.send();
};
let link;
const doFetch = inBrowser && (link = createLink()) && link.relList && link.relList.supports && link.relList.supports("prefetch") ? viaDOM : viaXHR;
function usePrefetch() {
  if (!inBrowser) {
    return;
  }
  if (!window.IntersectionObserver) {
    return;
  }
  let conn;
  if ((conn = navigator.connection) && (conn.saveData || /2g/.test(conn.effectiveType))) {
    return;
  }
  const rIC = window.requestIdleCallback || setTimeout;
  let observer = null;
  const observeLinks = () => {
    if (observer) {
      observer.disconnect();
    }
    observer = new IntersectionObserver((entries) => {
      entries.forEach((entry) => {
        if (entry.isIntersecting) {
          const link2 = entry.target;
          observer.unobserve(link2);
          const { pathname } = link2;
          if (!hasFetched.has(pathname)) {
            hasFetched.add(pathname);
            const pageChunkPath = pathToFile(pathname);
            if (pageChunkPath)
              doFetch(pageChunkPath);
          }
        }
      });
    });
    rIC(() => {
      document.querySelectorAll("#app a").forEach((link2) => {
        const { hostname, pathname } = new URL(link2.href instanceof SVGAnimatedString ? link2.href.animVal : link2.href, link2.baseURI);
        const extMatch = pathname.match(/\.\w+$/);
        if (extMatch && extMatch[0] !== ".html") {
          return;
        }
        if (
          // only prefetch same tab navigation, since a new tab will load
          // the lean js chunk instead.
          link2.target !== "_blank" && // only prefetch inbound links
          hostname === location.hostname
        ) {
          if (pathname !== location.pathname) {
            observer.observe(link2);
          } else {
            hasFetched.add(pathname);
          }
        }
      });
    });
  };
  onMounted(observeLinks);
  const route = useRoute();
  watch(() => route.path, observeLinks);
  onUnmounted(() => {
    observer && observer.disconnect();
  });
}
function resolveThemeExtends(theme2) {
  if (theme2.extends) {
    const base = resolveThemeExtends(theme2.extends);
    return {
      ...base,
      ...theme2,
      async enhanceApp(ctx) {
        if (base.enhanceApp)
          await base.enhanceApp(ctx);
        if (theme2.enhanceApp)
          await theme2.enhanceApp(ctx);
      }
    };
  }
  return theme2;
}
const Theme = resolveThemeExtends(theme);
const VitePressApp = defineComponent({
  name: "VitePressApp",
  setup() {
    const { site, lang, dir } = useData$1();
    onMounted(() => {
      watchEffect(() => {
        document.documentElement.lang = lang.value;
        document.documentElement.dir = dir.value;
      });
    });
    if (site.value.router.prefetchLinks) {
      usePrefetch();
    }
    useCopyCode();
    useCodeGroups();
    if (Theme.setup)
      Theme.setup();
    return () => h(Theme.Layout);
  }
});
async function createApp() {
  globalThis.__VITEPRESS__ = true;
  const router = newRouter();
  const app = newApp();
  app.provide(RouterSymbol, router);
  const data = initData(router.route);
  app.provide(dataSymbol, data);
  app.component("Content", Content);
  app.component("ClientOnly", ClientOnly);
  Object.defineProperties(app.config.globalProperties, {
    $frontmatter: {
      get() {
        return data.frontmatter.value;
      }
    },
    $params: {
      get() {
        return data.page.value.params;
      }
    }
  });
  if (Theme.enhanceApp) {
    await Theme.enhanceApp({
      app,
      router,
      siteData: siteDataRef
    });
  }
  return { app, router, data };
}
function newApp() {
  return createSSRApp(VitePressApp);
}
function newRouter() {
  let isInitialPageLoad = inBrowser;
  return createRouter((path) => {
    let pageFilePath = pathToFile(path);
    let pageModule = null;
    if (pageFilePath) {
      if (isInitialPageLoad) {
        pageFilePath = pageFilePath.replace(/\.js$/, ".lean.js");
      }
      if (false) ;
      else {
        pageModule = import(
          /*@vite-ignore*/
          pageFilePath
        );
      }
    }
    if (inBrowser) {
      isInitialPageLoad = false;
    }
    return pageModule;
  }, Theme.NotFound);
}
if (inBrowser) {
  createApp().then(({ app, router, data }) => {
    router.go().then(() => {
      useUpdateHead(router.route, data.site);
      app.mount("#app");
    });
  });
}
async function render(path) {
  const { app, router } = await createApp();
  await router.go(path);
  const ctx = { content: "", vpSocialIcons: /* @__PURE__ */ new Set() };
  ctx.content = await renderToString(app, ctx);
  return ctx;
}
export {
  tryOnScopeDispose as a,
  useData as b,
  computedAsync as c,
  useSessionStorage as d,
  useLocalStorage as e,
  useRouter as f,
  createSearchTranslate as g,
  useEventListener as h,
  useScrollLock as i,
  dataSymbol as j,
  inBrowser as k,
  escapeRegExp as l,
  notNullish as n,
  onKeyStroke as o,
  pathToFile as p,
  render,
  toArray as t,
  unrefElement as u,
  watchDebounced as w
};
