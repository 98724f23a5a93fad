"""What Pulling Strings' screens draw: structures, hands, the attack, the table."""
