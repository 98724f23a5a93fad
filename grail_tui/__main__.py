from grail_tui.cli import main

main()
