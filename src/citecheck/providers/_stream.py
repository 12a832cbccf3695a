"""Streamed responses, put back together: Anthropic's server-sent events and Bedrock's ConverseStream events.

A streamed response carries its citations as deltas (Anthropic ``citations_delta``, Bedrock
``contentBlockDelta.delta.citation``) beside the text deltas of the same content block. Joined in
order, they give the message the non-streaming API would have returned, which the adapter reads.
An OpenAI Responses stream ends with ``response.completed``, which carries the whole response; a
Chat Completions stream's chunks carry ``delta.content`` and ``delta.annotations`` per choice.
A Gemini stream is a list of ``generateContent`` responses: their texts joined are the answer, and
the grounding (in the last chunk, its segments counting bytes of the whole answer) is kept whole.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeGuard

from citecheck._sources import decode_json
from citecheck.providers._model import ProviderResponseError

__all__ = [
    "anthropic_message",
    "bedrock_message",
    "gemini_message",
    "is_anthropic_stream",
    "is_bedrock_stream",
    "is_gemini_stream",
    "is_openai_stream",
    "openai_message",
    "sse_events",
]

_ANTHROPIC_EVENTS = {"message_start", "content_block_start", "content_block_delta", "content_block_stop"}
_BEDROCK_EVENTS = {"messageStart", "contentBlockStart", "contentBlockDelta", "contentBlockStop", "messageStop"}


def sse_events(text: str, provider: str) -> list[dict[str, Any]]:
    """The JSON ``data:`` payloads of a server-sent event stream, in order.

    Raises:
        ProviderResponseError: A ``data:`` line is not JSON, or there is none.
    """
    events = []
    for number, line in enumerate(text.splitlines(), start=1):
        payload = line.removeprefix("data:").strip()
        if line.startswith("data:") and payload != "[DONE]":  # OpenAI ends its streams with [DONE]
            # The project's one JSON decoder: deep nesting, a number of thousands of digits and NaN
            # are each one line naming the event, as they are in a response file.
            events.append(decode_json(payload, what="the data", error=_line_error(provider, number)))
    if not events:
        raise ProviderResponseError(provider, "the response", "is neither JSON nor a stream of data: events")
    return events


def _line_error(provider: str, number: int) -> Callable[[str], ProviderResponseError]:
    def error(message: str) -> ProviderResponseError:
        return ProviderResponseError(provider, f"event stream line {number}", message.replace("valid JSON", "JSON"))

    return error


def is_anthropic_stream(data: object) -> TypeGuard[Sequence[Any]]:
    """Whether ``data`` is a list of Anthropic stream events."""
    return (
        isinstance(data, Sequence)
        and not isinstance(data, str)
        and any(isinstance(e, Mapping) and str(e.get("type")) in _ANTHROPIC_EVENTS for e in data)
    )


def is_bedrock_stream(data: object) -> TypeGuard[Sequence[Any]]:
    """Whether ``data`` is a list of Bedrock ConverseStream events."""
    return (
        isinstance(data, Sequence)
        and not isinstance(data, str)
        and any(isinstance(e, Mapping) and _BEDROCK_EVENTS & set(e) for e in data)
    )


def _listed(value: object, where: str, provider: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ProviderResponseError(provider, where, f"expected a list, got {type(value).__name__}")
    return list(value)


def _delta(value: object, where: str, provider: str) -> Mapping[str, Any]:
    """A stream event's object (its delta, its block): a list is an error, never skipped; null or text is empty.

    A list may hold what an object would (a citation): skipping it could drop one silently. A
    string, a number or null holds no citation, and is read around.
    """
    if isinstance(value, list | tuple):
        raise ProviderResponseError(provider, where, f"expected an object, got {type(value).__name__}")
    return value if isinstance(value, Mapping) else {}


def _index(event: Mapping[str, Any], name: str, default: int, where: str, provider: str) -> int:
    value = event.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProviderResponseError(provider, f"{where}.{name}", f"expected a block index, got {value!r:.40}")
    return value


def anthropic_message(events: Sequence[Any]) -> dict[str, Any]:
    """The message a stream of Anthropic events makes: each block with its text and citations joined."""
    message: dict[str, Any] = {}
    blocks: dict[int, dict[str, Any]] = {}
    for number, event in enumerate(events):
        if not isinstance(event, Mapping):
            continue
        kind = event.get("type")
        if kind == "message_start" and isinstance(event.get("message"), Mapping):
            message = {k: v for k, v in event["message"].items() if k != "content"}
        elif kind == "content_block_start":
            block = dict(_delta(event.get("content_block"), f"event {number}.content_block", "anthropic"))
            if "citations" in block:
                block["citations"] = _listed(block["citations"], f"event {number}.content_block.citations", "anthropic")
            blocks[_index(event, "index", len(blocks), f"event {number}", "anthropic")] = block
        elif kind == "content_block_delta":
            delta = _delta(event.get("delta"), f"event {number}.delta", "anthropic")
            at = _index(event, "index", 0, f"event {number}", "anthropic")
            block = blocks.setdefault(at, {"type": "text", "text": ""})
            if delta.get("type") == "text_delta":
                block["text"] = str(block.get("text") or "") + str(delta.get("text") or "")
            elif delta.get("type") == "citations_delta":
                citation = delta.get("citation")
                if not isinstance(citation, Mapping):  # unstreamed, the same citation is an error too
                    raise ProviderResponseError(
                        "anthropic",
                        f"event {number}.delta.citation",
                        f"expected a citation object, got {type(citation).__name__}",
                    )
                block.setdefault("citations", []).append(dict(citation))
    message["content"] = [blocks[index] for index in sorted(blocks)]
    return message


def bedrock_message(events: Sequence[Any]) -> dict[str, Any]:
    """The Converse output a stream of ConverseStream events makes: cited blocks as ``citationsContent``."""
    texts: dict[int, str] = {}
    citations: dict[int, list[Any]] = {}
    for number, event in enumerate(events):
        if not isinstance(event, Mapping) or not isinstance(event.get("contentBlockDelta"), Mapping):
            continue
        body = event["contentBlockDelta"]
        index = _index(body, "contentBlockIndex", 0, f"event {number}.contentBlockDelta", "bedrock")
        delta = _delta(body.get("delta"), f"event {number}.contentBlockDelta.delta", "bedrock")
        if isinstance(delta.get("text"), str):
            texts[index] = texts.get(index, "") + delta["text"]
        if "citation" in delta:
            citation = delta["citation"]
            if not isinstance(citation, Mapping):  # unstreamed, the same citation is an error too
                raise ProviderResponseError(
                    "bedrock",
                    f"event {number}.contentBlockDelta.delta.citation",
                    f"expected a citation object, got {type(citation).__name__}",
                )
            citations.setdefault(index, []).append(dict(citation))
        if isinstance(delta.get("citationsContent"), Mapping):  # a whole cited block in one delta
            content = delta["citationsContent"]
            texts[index] = texts.get(index, "") + "".join(
                p.get("text", "") for p in content.get("content") or [] if isinstance(p, Mapping)
            )
            citations.setdefault(index, []).extend(content.get("citations") or [])
    blocks: list[dict[str, Any]] = []
    for index in sorted(set(texts) | set(citations)):
        text = texts.get(index, "")
        if index in citations:
            blocks.append({"citationsContent": {"content": [{"text": text}], "citations": citations[index]}})
        else:
            blocks.append({"text": text})
    return {"output": {"message": {"role": "assistant", "content": blocks}}}


def _either(data: Mapping[str, Any], camel: str, snake: str) -> Any:
    value = data.get(camel)
    return value if value is not None else data.get(snake)


def is_gemini_stream(data: object) -> TypeGuard[Sequence[Any]]:
    """Whether ``data`` is a list of Gemini ``generateContent`` stream chunks."""
    return (
        isinstance(data, Sequence)
        and not isinstance(data, str)
        and bool(data)
        and all(isinstance(e, Mapping) and ("candidates" in e or "usageMetadata" in e) for e in data)
    )


def gemini_message(events: Sequence[Any]) -> dict[str, Any]:
    """The response a Gemini stream makes: the first candidate's texts joined, and all its grounding.

    Grounding usually comes once, in the last chunk. When several chunks carry it, one that repeats
    what came before and adds to it (cumulative) adds only what is new; one that does not is
    appended, its chunk indices moved past the chunks already kept, so no support is lost.
    """
    texts: list[str] = []
    chunks: list[Any] = []
    supports: list[Any] = []
    for number, event in enumerate(events):
        candidates = event.get("candidates") if isinstance(event, Mapping) else None
        candidate = candidates[0] if isinstance(candidates, list) and candidates else None
        if not isinstance(candidate, Mapping):
            continue
        content = candidate.get("content")
        parts = content.get("parts") if isinstance(content, Mapping) else None
        for part in parts if isinstance(parts, list) else ():
            if isinstance(part, Mapping) and isinstance(part.get("text"), str) and not part.get("thought"):
                texts.append(part["text"])
        metadata = _either(candidate, "groundingMetadata", "grounding_metadata")
        if not isinstance(metadata, Mapping):
            continue
        at = f"chunk {number}.candidates[0].groundingMetadata"
        more = _listed(_either(metadata, "groundingChunks", "grounding_chunks"), f"{at}.groundingChunks", "gemini")
        said = _listed(
            _either(metadata, "groundingSupports", "grounding_supports"), f"{at}.groundingSupports", "gemini"
        )
        if more[: len(chunks)] == chunks and said[: len(supports)] == supports:
            chunks, supports = chunks + more[len(chunks) :], supports + said[len(supports) :]
            continue
        shift = len(chunks)
        chunks += more
        supports += [_shifted(support, shift) for support in said]
    merged = {"groundingChunks": chunks, "groundingSupports": supports}
    return {
        "candidates": [{"content": {"role": "model", "parts": [{"text": "".join(texts)}]}, "groundingMetadata": merged}]
    }


def _shifted(support: object, shift: int) -> object:
    if not isinstance(support, Mapping):
        return support
    moved = dict(support)
    for key in ("groundingChunkIndices", "grounding_chunk_indices"):
        if isinstance(moved.get(key), list):
            moved[key] = [i + shift if isinstance(i, int) and not isinstance(i, bool) else i for i in moved[key]]
    return moved


_OPENAI_DONE = ("response.completed", "response.incomplete")


def is_openai_stream(data: object) -> TypeGuard[Sequence[Any]]:
    """Whether ``data`` is a list of OpenAI Responses stream events or Chat Completions chunks."""
    return (
        isinstance(data, Sequence)
        and not isinstance(data, str)
        and bool(data)
        and all(
            isinstance(e, Mapping)
            and (str(e.get("type", "")).startswith("response.") or e.get("object") == "chat.completion.chunk")
            for e in data
        )
    )


def openai_message(events: Sequence[Any]) -> dict[str, Any]:
    """The response an OpenAI stream makes: the Responses API's final response, or the chat chunks joined.

    Raises:
        ProviderResponseError: A Responses stream ends without its ``response.completed`` event.
    """
    if any(isinstance(e, Mapping) and e.get("object") == "chat.completion.chunk" for e in events):
        texts: dict[int, str] = {}
        notes: dict[int, list[Any]] = {}
        for number, event in enumerate(events):
            choices = event.get("choices") if isinstance(event, Mapping) else None
            for choice in choices if isinstance(choices, list) else ():
                if not isinstance(choice, Mapping):
                    continue
                delta = _delta(choice.get("delta"), f"chunk {number}.choices.delta", "openai")
                index = _index(choice, "index", 0, "a chat chunk's choice", "openai")
                texts[index] = texts.get(index, "") + (
                    delta["content"] if isinstance(delta.get("content"), str) else ""
                )
                annotations = delta.get("annotations")
                if annotations is not None:
                    notes.setdefault(index, []).extend(
                        _listed(annotations, f"chunk {number}.choices[{index}].delta.annotations", "openai")
                    )
        choices = [
            {"index": i, "message": {"role": "assistant", "content": texts.get(i, ""), "annotations": notes.get(i, [])}}
            for i in sorted(set(texts) | set(notes))
        ]
        return {"choices": choices}
    for event in reversed(events):
        if (
            isinstance(event, Mapping)
            and event.get("type") in _OPENAI_DONE
            and isinstance(event.get("response"), Mapping)
        ):
            return dict(event["response"])
    raise ProviderResponseError(
        "openai", "the stream", "has no response.completed event, which carries the answer with its annotations"
    )
