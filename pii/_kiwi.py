"""The Korean morphological analyzer (`kiwipiepy` with its offline model): about two seconds to load and two more
on its first sentence, so it is warmed on a thread of its own when a region's profile asks for Korean, and region
start-up does not wait for it. A failure to load is reported on use, where detection then fails closed."""

from __future__ import annotations

import threading
from typing import Any


class Kiwi:
    """One Kiwi analyzer for the process, loaded on a thread of its own the first time it is asked for."""

    _lock = threading.Lock()
    _loaded: Any = None
    _thread: threading.Thread | None = None
    _error: BaseException | None = None

    @classmethod
    def warm(cls) -> None:
        with cls._lock:
            if cls._loaded is not None or cls._thread is not None:
                return
            cls._thread = threading.Thread(target=cls._load, name="kiwi-load", daemon=True)
            cls._thread.start()

    @classmethod
    def _load(cls) -> None:
        try:
            from kiwipiepy import Kiwi as Analyzer  # type: ignore[import-untyped]

            kiwi = Analyzer()
            kiwi.tokenize("김민준 님은 서울특별시 강남구에 산다.")  # its first sentence builds the rest
            cls._loaded = kiwi
        except BaseException as exc:  # reported on use: detection then fails closed
            cls._error = exc

    @classmethod
    def get(cls) -> Any:
        cls.warm()
        thread = cls._thread
        if cls._loaded is None and thread is not None:
            thread.join()
        if cls._loaded is None:
            raise RuntimeError(f"the Korean analyzer (kiwipiepy) could not load: {cls._error!r}")
        return cls._loaded
