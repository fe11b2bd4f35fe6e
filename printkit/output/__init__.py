"""One output path for every command that writes: ``errors`` (an OSError as one line), ``targets`` (what
is at a target, the overwrite rule), ``temp`` (temporary names and their locks), ``files`` (one file,
standard output), ``kits`` (a kit folder written whole), ``charts`` (matplotlib figures), ``signals``
(Ctrl-C while writing).

Every file printkit writes goes through here, so that a command never breaks what is already there:

* The target is checked before anything is drawn (``targets.check_file``, ``kits.check_kit``): a folder, a symbolic
  link or a special file (block device, socket) is refused in one line; a character device
  (``/dev/null``, a terminal) or a pipe is written to in place, as a stream.
* One rule for overwriting, in every command (``targets.FORCE_HELP``): an existing file is replaced without
  asking only when printkit wrote it (a kit, rule sheet, picture or chart, known by the mark it carries)
  and it is not a file people type into (a config or a results file); anything else needs ``--force``.
* A file is written under a temporary name unique to the run (process id and random digits, short
  enough beside a 255-byte name), in the target's folder, then renamed over the target: a full disk,
  a Ctrl-C or a kill never leaves half a file, and the old file stays whole until the new one is.
* A kit is written whole into a temporary folder and swapped in with one rename (``kits.write_kits``), so
  no failure leaves a kit half old, half new, and two runs into one folder leave one run's kit.
* Temporary names are locked by the run that owns them; a later run writing into the same folder
  removes those whose run is gone.
* Every OSError becomes an ``OutputError``: one line naming the path, exit code 2.

``signals.catch_signals`` makes Ctrl-C (and SIGTERM, SIGHUP) raise KeyboardInterrupt in printkit's own process
only (a forked worker leaves it to its parent); ``signals.held_signals`` defers them during a swap.
"""
