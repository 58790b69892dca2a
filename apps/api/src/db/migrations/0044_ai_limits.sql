-- placeholder: replaced by its issue-31 change
SELECT 1;
